// §4 layout settings: a signed-in player's go to the server and come back with the next sign-in
// in a browser that has never seen them; a guest's stay in local storage.
import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useWalletVisibility } from '../features/wallet/hooks/use-wallet-visibility';
import { logout, signIn } from '../shared/auth/auth-store';
import { useSettings } from '../shared/settings';
import { callsTo, fakeServer } from '../testing/fake-server';
import { accountAnswer, jsonResponse, loginAnswerWith, playerToken } from '../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../testing/render';
import { resetAuth } from '../testing/reset-auth';
import { LayoutSettingsSync } from './layout-settings';
import { AppRoutes } from './router';
import { useNavbar } from './use-navbar';

/** A server that keeps one player's settings, as PUT /player/settings and /login do. */
function settingsServer() {
  let stored = { layout: { navbarFolded: false, walletVisible: true } };
  const mock = fakeServer({
    '/player/settings': (init) => {
      stored = JSON.parse(String(init?.body));
      return jsonResponse(200, stored);
    },
    '/login': () => loginAnswerWith({ settings: stored }),
  });
  return { mock, stored: () => stored };
}

function renderApp(path: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LayoutSettingsSync />
    </>,
    { path },
  );
}

const navbar = () => screen.getByTestId('navbar');

describe('§4 layout settings', () => {
  beforeAll(setUpI18n);
  beforeEach(() => useSettings.setState(settingsDefaults, true));
  afterEach(() => {
    resetAuth();
    useNavbar.setState({ folded: false, drawerOpen: false });
    useWalletVisibility.setState({ visible: true });
  });

  it("saves a player's folded navbar and hidden wallet, and a sign-in elsewhere restores them", async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    signIn(playerToken(), PIN_CODE_MARKER, accountAnswer());
    const first = renderApp('/profile');
    await user.click(
      within(await screen.findByTestId('navbar')).getByRole('button', {
        name: 'Fold the menu',
      }),
    );
    await waitFor(() => expect(server.stored().layout.navbarFolded).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    await waitFor(() =>
      expect(server.stored()).toEqual({ layout: { navbarFolded: true, walletVisible: false } }),
    );

    // Signed out, the layout is the guest's again; this browser keeps no copy of the player's.
    first.unmount();
    logout();
    localStorage.clear();
    renderApp('/login');
    expect(useNavbar.getState().folded).toBe(false);
    expect(useWalletVisibility.getState().visible).toBe(true);

    await user.type(await screen.findByLabelText('Email or username'), 'ayse');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navbar().dataset.folded).toBe('true'));
    expect(screen.getByRole('button', { name: 'Show balance' })).toBeTruthy();
    // Restoring is not a change: nothing is sent back.
    expect(callsTo(server.mock, '/player/settings')).toHaveLength(2);
  });

  it("keeps a guest's layout in local storage only, for the next visit in this browser", async () => {
    const mock = fakeServer();
    const first = renderApp('/login');
    await screen.findByLabelText('Email or username');
    useNavbar.getState().setFolded(true);
    expect(JSON.parse(localStorage.getItem('layoutSettings') ?? 'null')).toEqual({
      layout: { navbarFolded: true, walletVisible: true },
    });
    expect(callsTo(mock, '/player/settings')).toHaveLength(0);

    first.unmount();
    useNavbar.setState({ folded: false });
    renderApp('/login');
    await screen.findByLabelText('Email or username');
    expect(useNavbar.getState().folded).toBe(true);
  });
});
