import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  lockSession,
  logout,
  signIn,
  storePinCode,
  useAuthStore,
} from '../../../shared/auth/auth-store';
import { initI18n } from '../../../shared/i18n';
import { pinCodeFor, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LockScreen, maxPinAttempts } from './lock-screen';

describe('lock screen', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken(), pinCodeFor('1234'));
    expect(lockSession()).toBe(true);
  });
  afterEach(() => {
    logout();
    localStorage.clear();
  });

  function renderLock() {
    const onLogout = vi.fn();
    renderWithProviders(<LockScreen onLogout={onLogout} />);
    return { onLogout, user: userEvent.setup() };
  }

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

  it('unlocks with the right PIN and clears the userLock flag', async () => {
    const { user } = renderLock();
    expect(localStorage.getItem('userLock')).toBe('true');
    await user.type(screen.getByLabelText('PIN code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(useAuthStore.getState().locked).toBe(false));
    expect(localStorage.getItem('userLock')).toBeNull();
  });

  it('refuses a wrong PIN, says so and stays locked', async () => {
    const { user, onLogout } = renderLock();
    await user.type(screen.getByLabelText('PIN code'), '4321{Enter}');
    expect(await screen.findByText(`Wrong PIN. Attempts left: ${maxPinAttempts - 1}`)).toBeTruthy();
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

  it('follows a PIN change: the new PIN unlocks, the old one does not', async () => {
    storePinCode(pinCodeFor('987654', 'fresh-salt'));
    const { user } = renderLock();
    await user.type(screen.getByLabelText('PIN code'), '1234{Enter}');
    expect(await screen.findByText(/Wrong PIN/)).toBeTruthy();
    await user.type(screen.getByLabelText('PIN code'), '987654{Enter}');
    await waitFor(() => expect(useAuthStore.getState().locked).toBe(false));
  });

  it('logs out after too many wrong PINs', async () => {
    const { user, onLogout } = renderLock();
    for (let attempt = 0; attempt < maxPinAttempts; attempt++) {
      await user.type(screen.getByLabelText('PIN code'), '0000{Enter}');
      await waitFor(() => expect(screen.getByLabelText('PIN code')).toHaveProperty('value', ''));
    }
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });

  it('has a Logout button', async () => {
    const { user, onLogout } = renderLock();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
