import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../shared/auth/auth-store';
import { useLocation } from '../shared/router';
import { fakeServer } from '../testing/fake-server';
import { loginAnswer, playerToken } from '../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../testing/render';
import { resetAuth } from '../testing/reset-auth';
import { AppRoutes } from './router';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { path },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('routes and guards', () => {
  beforeAll(setUpI18n);
  afterEach(resetAuth);

  it('sends an unknown address to a real 404 page with a way back to the lobby', async () => {
    fakeServer();
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(where()).toBe('/pages/errors/error-404');
    const back = screen.getByRole('link', { name: 'Back to the lobby' });
    expect(back.getAttribute('href')).toBe('/lobby');
  });

  it('shows the 404 page to guests and players alike (public route)', async () => {
    fakeServer();
    signIn(playerToken());
    renderAt('/pages/errors/error-404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends a guest to /login and back to the intended address after login', async () => {
    fakeServer({
      '/login': loginAnswer,
    });
    const user = userEvent.setup();
    renderAt('/profile?tab=logs');
    await user.type(await screen.findByLabelText('Email or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    expect(where()).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/profile?tab=logs'));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
  });

  it('replaces a remembered /logout with / (and so the lobby)', async () => {
    fakeServer();
    renderAt('/logout');
    await screen.findByLabelText('Email or username');
    expect(where()).toBe('/login');
    signIn(playerToken());
    await waitFor(() => expect(where()).toBe('/lobby'));
  });

  it('sends a signed-in player away from /login to the lobby', async () => {
    fakeServer();
    signIn(playerToken());
    renderAt('/login');
    await waitFor(() => expect(where()).toBe('/lobby'));
  });

  it('shows a guest the splash screen on /callback, with no chrome and a way to the login', async () => {
    fakeServer();
    renderAt('/callback');
    const splash = await screen.findByTestId('splash-screen');
    expect(within(splash).getByRole('status').textContent).toBe('Signing you in…');
    expect(screen.queryByTestId('navbar')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(where()).toBe('/callback');
  });

  it('sends a signed-in player away from /callback to the lobby (guests only)', async () => {
    fakeServer();
    signIn(playerToken());
    renderAt('/callback');
    await waitFor(() => expect(where()).toBe('/lobby'));
    expect(screen.queryByTestId('splash-screen')).toBeNull();
  });

  it('redirects / to /lobby', async () => {
    fakeServer();
    signIn(playerToken());
    renderAt('/');
    await waitFor(() => expect(where()).toBe('/lobby'));
  });

  it('redirects /game without a machine to /lobby', async () => {
    fakeServer();
    signIn(playerToken());
    const player = renderAt('/game');
    await waitFor(() => expect(where()).toBe('/lobby'));
    player.unmount();
    // A guest goes the same way, and from the lobby on to the login.
    resetAuth();
    fakeServer();
    renderAt('/game/');
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it('refuses a role outside the user group without saying the page exists', async () => {
    fakeServer();
    signIn(playerToken({ role: 'guest' }));
    renderAt('/lobby');
    await waitFor(() => expect(where()).toBe('/pages/errors/error-404'));
  });

  it('shows a player only their own profile', async () => {
    fakeServer();
    signIn(playerToken({ id: 5 }));
    const other = renderAt('/profile/6');
    await waitFor(() => expect(where()).toBe('/profile'));
    other.unmount();
    renderAt('/profile/5');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    expect(where()).toBe('/profile/5');
  });
});
