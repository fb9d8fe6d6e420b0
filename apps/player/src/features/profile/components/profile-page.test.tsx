import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { callsTo, fakeServer, profileAnswer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { ProfilePage } from './profile-page';

function renderProfile() {
  const user = userEvent.setup();
  renderWithProviders(<ProfilePage />, { path: '/profile' });
  return user;
}

const section = (name: string) => screen.getByRole('region', { name });

/** Types each value into the form's field of that label, in order, then presses `button`. */
async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  values: Record<string, string>,
  button: string,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(within(form).getByLabelText(label), value);
  }
  await user.click(within(form).getByRole('button', { name: button }));
}

describe('profile page', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken(), PIN_CODE_MARKER);
  });
  afterEach(() => {
    logout();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the details and the default PIN with a hint to change it', async () => {
    fakeServer();
    renderProfile();
    expect(await screen.findByText('ayse@example.com')).toBeTruthy();
    const details = section('Account details');
    for (const text of ['Ayşe', 'Yıldız', 'ayse', 'Player', '10.0.0.7', '10.0.0.9']) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(within(details).getByText('₺1,234.56')).toBeTruthy();
    expect(screen.getByTestId('default-pin').textContent).toContain('1234');
  });

  it('hides the PIN hint once the PIN is no longer the default', async () => {
    fakeServer({
      '/player/profile': () => jsonResponse(200, { ...profileAnswer, pin_is_default: false }),
    });
    renderProfile();
    await screen.findByText('ayse@example.com');
    expect(screen.queryByTestId('default-pin')).toBeNull();
  });

  it('checks the new password: at least 8 characters, typed twice the same', async () => {
    fakeServer();
    const user = renderProfile();
    const form = section('Change password');
    const submit = within(form).getByRole('button', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'demo1234');
    await user.type(within(form).getByLabelText('New password'), 'short');
    expect(await within(form).findByText('At least 8 characters')).toBeTruthy();
    await user.type(within(form).getByLabelText('New password'), '-but-long');
    await user.type(within(form).getByLabelText('Repeat new password'), 'something-else');
    expect(await within(form).findByText('The passwords do not match')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('changes the password and keeps the session on the new token the server returns', async () => {
    const newToken = playerToken({ jti: 'after-change' });
    const server = fakeServer({
      '/player/password': () =>
        jsonResponse(200, {
          code: 20000,
          ErrorMessage: '',
          token: newToken,
          pin_code: PIN_CODE_MARKER,
        }),
    });
    const user = renderProfile();
    const form = section('Change password');
    await fillAndSubmit(
      user,
      form,
      {
        'Current password': 'demo1234',
        'New password': 'new-password-1',
        'Repeat new password': 'new-password-1',
      },
      'Change password',
    );
    expect(await within(form).findByText('Your password has been changed.')).toBeTruthy();
    expect(callsTo(server, '/player/password')[0]?.body).toEqual({
      oldPassword: 'demo1234',
      newPassword: 'new-password-1',
    });
    expect(useAuthStore.getState().token).toBe(newToken);
    expect(localStorage.getItem('jwt_access_token')).toBe(newToken);
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('puts 40001 on the current password field', async () => {
    fakeServer({
      '/player/password': () =>
        jsonResponse(400, { ErrorMessage: 'Old password is wrong', code: 40001, Params: {} }),
    });
    const user = renderProfile();
    const form = section('Change password');
    await fillAndSubmit(
      user,
      form,
      {
        'Current password': 'not-it-at-all',
        'New password': 'new-password-1',
        'Repeat new password': 'new-password-1',
      },
      'Change password',
    );
    const field = within(form).getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Old password is wrong')).toBeTruthy();
  });

  it('changes the PIN and stores the new pin_code for the lock screen', async () => {
    const server = fakeServer({
      '/player/pin': () =>
        jsonResponse(200, { code: 20000, ErrorMessage: '', pin_code: PIN_CODE_MARKER }),
    });
    const user = renderProfile();
    const form = section('Change PIN');
    await fillAndSubmit(
      user,
      form,
      { 'New PIN (4–6 digits)': '5678', 'Repeat new PIN': '5678', 'Your password': 'demo1234' },
      'Change PIN',
    );
    expect(await within(form).findByText('Your PIN has been changed.')).toBeTruthy();
    expect(callsTo(server, '/player/pin')[0]?.body).toEqual({ password: 'demo1234', pin: '5678' });
    expect(localStorage.getItem('pinCode')).toBe(PIN_CODE_MARKER);
  });

  it('accepts only 4 to 6 digits as a PIN', async () => {
    fakeServer();
    const user = renderProfile();
    const form = section('Change PIN');
    await user.type(within(form).getByLabelText('New PIN (4–6 digits)'), '12a');
    expect(await within(form).findByText('The PIN must be 4 to 6 digits')).toBeTruthy();
  });

  it('says so when the password given for a PIN change is wrong', async () => {
    fakeServer({
      '/player/pin': () =>
        jsonResponse(400, { ErrorMessage: 'Old password is wrong', code: 40001, Params: {} }),
    });
    const user = renderProfile();
    const form = section('Change PIN');
    await fillAndSubmit(
      user,
      form,
      { 'New PIN (4–6 digits)': '5678', 'Repeat new PIN': '5678', 'Your password': 'wrong-one' },
      'Change PIN',
    );
    expect(await within(form).findByText('The password is wrong')).toBeTruthy();
    expect(localStorage.getItem('pinCode')).toBe(PIN_CODE_MARKER);
  });

  it('lists the login log with translated event types, a page at a time', async () => {
    const entry = (id: number, type: string) => ({
      id,
      type,
      ip: '10.0.0.9',
      createdAt: '2025-05-01T10:00:00.000Z',
      detail: null,
    });
    const server = fakeServer({
      '/player/logs': (_init, url) =>
        jsonResponse(200, {
          items:
            url.searchParams.get('page') === '2'
              ? [entry(3, 'temporary blocked')]
              : [entry(1, 'success'), entry(2, 'login fail')],
          total: 12,
          page: Number(url.searchParams.get('page')),
          pageSize: 10,
        }),
    });
    const user = renderProfile();
    const log = section('Login log');
    expect(await within(log).findByText('login fail')).toBeTruthy();
    expect(within(log).getByText('Page 1 of 2 (12 entries)')).toBeTruthy();
    expect(
      (within(log).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(log).getByRole('button', { name: 'Next' }));
    expect(await within(log).findByText('temporary blocked')).toBeTruthy();
    expect(within(log).getByText('Page 2 of 2 (12 entries)')).toBeTruthy();
    expect(callsTo(server, '/player/logs').at(-1)?.url.search).toBe('?page=2&pageSize=10');
  });
});
