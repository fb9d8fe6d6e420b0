import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logout, useAuthStore } from '../../../shared/auth/auth-store';
import { useSettings } from '../../../shared/settings';
import { fakeServer } from '../../../testing/fake-server';
import { jsonResponse, loginAnswer } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderWithProviders(
    <>
      <LoginPage />
      <Toaster />
    </>,
    { path: '/login' },
  );
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  password: string,
) {
  await user.type(screen.getByLabelText('Email or username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    logout();
    localStorage.clear();
    useSettings.setState(settingsDefaults, true);
    vi.unstubAllGlobals();
  });

  /** The message shown under a field (its aria-describedby), or null. */
  const fieldMessage = (label: string) => {
    const field = screen.getByLabelText(label);
    if (field.getAttribute('aria-invalid') !== 'true') return null;
    return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
  };

  it('toasts a refusal translated by code with its params, and keeps it on the password', async () => {
    fakeServer({
      '/login': () =>
        jsonResponse(401, {
          ErrorMessage: 'x',
          code: 10700,
          Params: { left_count: 1, block_time: 30 },
        }),
    });
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'nobody', 'wrong-pass');
    const text = 'Wrong username or password, remaining attempts 1, block time 30 minutes';
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    // §5: on the field the player types again, not in a form-wide alert.
    expect(fieldMessage('Password')).toBe(text);
    expect(fieldMessage('Email or username')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The same attempt may be made again at once, without retyping.
    const submit = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  it.each([
    [10701, 'Password', 'Username or password is wrong'],
    [10702, 'Email or username', 'Account protected due to too many false attempts'],
    [10703, 'Email or username', 'IP not permitted'],
    [10704, 'Email or username', 'Banned'],
  ])('shows the sign-in refusal %i on its field (§5)', async (code, label, text) => {
    fakeServer({ '/login': () => jsonResponse(403, { ErrorMessage: 'x', code, Params: {} }) });
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'ayse', 'secret-pass');
    await waitFor(() => expect(fieldMessage(label)).toBe(text));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(label));
  });

  it("falls back to the server's ErrorMessage for a code it does not know", async () => {
    fakeServer({
      '/login': () => jsonResponse(403, { ErrorMessage: 'Site closed', code: 12345, Params: {} }),
    });
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'ayse', 'secret-pass');
    expect((await screen.findByRole('alert')).textContent).toBe('Site closed');
  });

  it('puts a refusal that names a field on that field', async () => {
    fakeServer({
      '/login': () =>
        jsonResponse(400, {
          ErrorMessage: 'Invalid request',
          code: 40000,
          Params: { detail: '/username Too big: expected string to have <=254 characters' },
        }),
    });
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'ayse', 'secret-pass');
    const username = screen.getByLabelText('Email or username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = username.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Invalid request');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what happened when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'ayse', 'secret-pass');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network Error, please check your connection',
    );
  });

  it('remembers the choice in isRemember and the username for next time', async () => {
    fakeServer({ '/login': loginAnswer });
    const user = userEvent.setup();
    const first = renderLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(localStorage.getItem('isRemember')).toBe('true');
    await fillIn(user, 'ayse', 'secret-pass');
    await waitFor(() => expect(useAuthStore.getState().token).not.toBeNull());
    first.unmount();
    logout();

    const second = renderLogin();
    expect(
      (screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Email or username') as HTMLInputElement).value).toBe('ayse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(localStorage.getItem('isRemember')).toBeNull();
    second.unmount();
    renderLogin();
    expect((screen.getByLabelText('Email or username') as HTMLInputElement).value).toBe('');
  });

  it('stores the token and the PIN code and clears the lock flag on login', async () => {
    fakeServer({ '/login': loginAnswer });
    localStorage.setItem('userLock', 'true');
    const user = userEvent.setup();
    renderLogin();
    await fillIn(user, 'ayse', 'secret-pass');
    await waitFor(() => expect(useAuthStore.getState().token).not.toBeNull());
    expect(localStorage.getItem('pinCode')).toBe(PIN_CODE_MARKER);
    expect(localStorage.getItem('userLock')).toBeNull();
  });

  it('in login-with-token mode shows only that login is not allowed', () => {
    useSettings.setState({ LOGIN_WITH_TOKEN: true });
    renderLogin();
    expect(screen.getByRole('alert').textContent).toBe(
      'LOGIN is not allowed. Probably Access Token is no longer valid',
    );
    expect(screen.queryByLabelText('Email or username')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('with the splash option shows the logo first, until clicked', async () => {
    useSettings.setState({ SPLASH_SCREEN: true });
    const user = userEvent.setup();
    renderLogin();
    expect(screen.queryByLabelText('Email or username')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Tap anywhere to continue/ }));
    expect(screen.getByLabelText('Email or username')).toBeTruthy();
  });

  it('shows the quick-contact links only when a number is configured for login', () => {
    const first = renderLogin();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
    first.unmount();

    useSettings.setState({ CONTACT_NUMBER: '+90 (555) 123 45 67', CONTACT_ON_LOGIN: true });
    const second = renderLogin();
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/905551234567',
    );
    expect(screen.getByRole('link', { name: '+90 (555) 123 45 67' }).getAttribute('href')).toBe(
      'tel:+905551234567',
    );
    second.unmount();

    useSettings.setState({ CONTACT_ON_LOGIN: false });
    renderLogin();
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });
});
