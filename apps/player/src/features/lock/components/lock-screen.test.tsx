import { PIN_ATTEMPTS, PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockSession, logout, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { initI18n } from '../../../shared/i18n';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LockScreen } from './lock-screen';

describe('lock screen', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken(), PIN_CODE_MARKER);
    expect(lockSession()).toBe(true);
  });
  afterEach(() => {
    logout();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  function renderLock() {
    const onLogout = vi.fn();
    renderWithProviders(<LockScreen onLogout={onLogout} />);
    return { onLogout, user: userEvent.setup() };
  }

  // The lock is mounted beside the routes, where no query cache encloses it (issue 22).
  it('works without an enclosing query cache', async () => {
    fakeServer();
    render(<LockScreen onLogout={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('PIN code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(screen.getByRole('dialog', { name: 'LOCKED !' })).toBeTruthy();
  });

  it('says LOCKED ! and asks for the PIN, in a modal dialog', () => {
    renderLock();
    const dialog = screen.getByRole('dialog', { name: 'LOCKED !' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText(/Enter your PIN to continue/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('PIN code'));
    expect((screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it.each([
    ['tr', 'PIN kodunuzu değiştirmediyseniz varsayılan PIN kodunuz 1234.'],
    ['en', 'Unless you have changed it, your PIN is the default 1234.'],
    ['ar', 'إذا لم تغيّر رمز PIN، فهو الرمز الافتراضي 1234.'],
  ] as const)('states the default PIN in the %s help text (§9)', async (language, text) => {
    await initI18n(language);
    try {
      renderLock();
      const dialog = screen.getByRole('dialog');
      expect(screen.getByTestId('default-pin-hint').textContent).toBe(text);
      // Part of the dialog's description, so a screen reader reads it with the title.
      const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toContain('1234');
    } finally {
      await initI18n('en');
    }
  });

  /** The server's check: `right` unlocks; wrong ones count down and the last signs out. */
  function pinServer(right: string) {
    let left = PIN_ATTEMPTS;
    return fakeServer({
      '/player/pin/verify': (init) => {
        const { pin } = JSON.parse(String(init?.body)) as { pin: string };
        if (pin === right) {
          left = PIN_ATTEMPTS;
          return jsonResponse(200, { ...ok, valid: true, attempts_left: left, signed_out: false });
        }
        left -= 1;
        return jsonResponse(200, {
          ...ok,
          valid: false,
          attempts_left: left,
          signed_out: left === 0,
        });
      },
    });
  }
  const ok = { code: 20000, ErrorMessage: 'Request successful' };

  it('asks the server and unlocks with the right PIN, clearing the userLock flag', async () => {
    const server = pinServer('1234');
    const { user } = renderLock();
    expect(localStorage.getItem('userLock')).toBe('true');
    await user.type(screen.getByLabelText('PIN code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(useAuthStore.getState().locked).toBe(false));
    expect(localStorage.getItem('userLock')).toBeNull();
    expect(callsTo(server, '/player/pin/verify').map((c) => c.body)).toEqual([{ pin: '1234' }]);
  });

  it("refuses a wrong PIN with the server's attempts left and stays locked", async () => {
    pinServer('1234');
    const { user, onLogout } = renderLock();
    await user.type(screen.getByLabelText('PIN code'), '4321{Enter}');
    expect(await screen.findByText(`Wrong PIN. Attempts left: ${PIN_ATTEMPTS - 1}`)).toBeTruthy();
    expect(useAuthStore.getState().locked).toBe(true);
    expect(localStorage.getItem('userLock')).toBe('true');
    expect((screen.getByLabelText('PIN code') as HTMLInputElement).value).toBe('');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('takes digits only', async () => {
    const { user } = renderLock();
    await user.type(screen.getByLabelText('PIN code'), '12ab34');
    expect((screen.getByLabelText('PIN code') as HTMLInputElement).value).toBe('1234');
  });

  it('signs out with a message when the server ends the sign-in at the 5th wrong PIN', async () => {
    pinServer('1234');
    const { user } = renderLock();
    for (let attempt = 1; attempt < PIN_ATTEMPTS; attempt++) {
      await user.type(screen.getByLabelText('PIN code'), '0000{Enter}');
      expect(
        await screen.findByText(`Wrong PIN. Attempts left: ${PIN_ATTEMPTS - attempt}`),
      ).toBeTruthy();
    }
    await user.type(screen.getByLabelText('PIN code'), '0000{Enter}');
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(useAuthStore.getState().logoutReason?.key).toBe('lock.signedOut');
    expect(localStorage.getItem('jwt_access_token')).toBeNull();
  });

  it('signs out with the network message when the PIN cannot be checked (§8)', async () => {
    fakeServer({ '/player/pin/verify': () => Promise.reject(new TypeError('offline')) });
    const { user } = renderLock();
    await user.type(screen.getByLabelText('PIN code'), '1234{Enter}');
    // A network failure of any signed-in call ends the session (issue #22 gap 3), this one too:
    // the lock never opens without the server's word.
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(useAuthStore.getState().logoutReason).toMatchObject({ key: 'errors.network' });
  });

  it('has a Logout button', async () => {
    const { user, onLogout } = renderLock();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
