import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { fakeServer, me, refusal } from '../../../testing/fake-server';
import { renderAt } from '../../../testing/render';
import { SignInPage } from './sign-in-page';

const signedIn = { token: 'staff-token', pin_code: 'server' };

async function fillPassword(username: string) {
  await userEvent.type(screen.getByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), 'staff1234');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('staff sign-in', () => {
  it('asks for the authenticator code when the server does, says when it is wrong, then signs in', async () => {
    const { calls } = fakeServer({
      'POST /login': (body) => {
        const otp = (body as { otp?: string }).otp;
        if (!otp) return refusal(401, 10706);
        if (otp !== '123456') return refusal(401, 10707);
        return { body: signedIn };
      },
      'GET /staff/me': { body: me('supervisor', 'staff') },
    });
    renderAt(<SignInPage />, '/login', '/login');
    await fillPassword('staff');
    const code = await screen.findByLabelText('Authenticator code');
    expect(useAuthStore.getState().token).toBeNull();

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText(/authenticator code is wrong/)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('staff-token'));
    expect(
      calls.filter((c) => c.url === '/login').map((c) => (c.body as { otp?: string }).otp),
    ).toEqual([undefined, '000000', '123456']);
  });

  it('tells a player this is the staff console and keeps no token', async () => {
    fakeServer({
      'POST /login': { body: { ...signedIn, token: 'player-token' } },
      'GET /staff/me': refusal(403, 40300),
    });
    renderAt(<SignInPage />, '/login', '/login');
    await fillPassword('demo');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /a player account cannot sign in here/,
    );
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('console_token')).toBeNull();
  });

  it('shows a ban as the server says it', async () => {
    fakeServer({ 'POST /login': refusal(401, 10704, 'Banned') });
    renderAt(<SignInPage />, '/login', '/login');
    await fillPassword('cashier');
    expect((await screen.findByRole('alert')).textContent).toBe('This account is banned.');
  });
});
