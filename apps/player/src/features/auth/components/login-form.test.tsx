import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LoginForm } from './login-form';

function submitButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Log in' });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('LoginForm', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the submit button disabled until both fields have at least 4 characters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    expect(submitButton().disabled).toBe(true);

    await user.type(screen.getByLabelText('Email or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(submitButton().disabled).toBe(true);

    await user.type(screen.getByLabelText('Password'), 'd');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it("says 'Min character length is 4' under a field that is too short", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email or username'), 'ab');
    expect(await screen.findByText('Min character length is 4')).toBeTruthy();

    await user.type(screen.getByLabelText('Email or username'), 'cd');
    await waitFor(() => expect(screen.queryByText('Min character length is 4')).toBeNull());
  });

  it('shows the message for the code of a refused login and stays signed out', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(401, { ErrorMessage: 'Wrong', code: 10701, Params: {} }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);

    await user.type(screen.getByLabelText('Email or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(submitButton());

    expect(await screen.findByText('Username or password is wrong')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/login');
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'ayse',
      password: 'secret',
      site_id: 2004,
    });
  });

  it('fills the params of a counted refusal into its message', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, {
        ErrorMessage: 'Wrong username or password',
        code: 10700,
        Params: { left_count: 2, block_time: 15 },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(submitButton());

    expect(
      await screen.findByText(
        'Wrong username or password, remaining attempts 2, block time 15 minutes',
      ),
    ).toBeTruthy();
  });

  it('lets the player see the password they typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });
});
