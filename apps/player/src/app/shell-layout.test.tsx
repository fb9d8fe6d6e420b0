import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InfoPageDialog } from '../features/info-pages/components/info-page-dialog';
import { useInfoPage } from '../features/info-pages/hooks/use-info-page';
import { signIn } from '../shared/auth/auth-store';
import { useSettings } from '../shared/settings';
import { fakeServer } from '../testing/fake-server';
import { accountAnswer, playerToken } from '../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../testing/render';
import { resetAuth } from '../testing/reset-auth';
import { AppRoutes } from './router';
import { useNavbar } from './use-navbar';

/** The shell at a path, once its lazy chunk is in. */
async function renderShell(path = '/profile') {
  fakeServer();
  signIn(
    playerToken({ name: 'Ayşe', lastname: 'Yıldız', username: 'ayse' }),
    undefined,
    accountAnswer(),
  );
  const view = renderWithProviders(
    <>
      <AppRoutes />
      <InfoPageDialog />
    </>,
    { path },
  );
  await screen.findByTestId('navbar');
  return view;
}

const navbar = () => screen.getByTestId('navbar');

describe('layout3 shell', () => {
  beforeAll(setUpI18n);
  beforeEach(() => useSettings.setState(settingsDefaults, true));
  afterEach(() => {
    resetAuth();
    useNavbar.setState({ folded: false, drawerOpen: false });
    useInfoPage.setState({ page: null });
  });

  it('shows who is signed in, their last sign-in and the menu with the current page active', async () => {
    await renderShell('/profile');
    const side = within(navbar());
    expect(side.getByText('Ayşe Yıldız')).toBeTruthy();
    expect(side.getByText('@ayse')).toBeTruthy();
    expect(await side.findByText('10.0.0.7')).toBeTruthy();
    expect(side.getByText('10.0.0.9')).toBeTruthy();
    expect(side.getByText('v2.4.5')).toBeTruthy();
    const menu = within(side.getByRole('navigation', { name: 'Menu' }));
    const names = menu.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual([
      'Lobby',
      'Profile',
      'Game Sessions',
      'Transactions',
      'Limits',
      'Logout',
    ]);
    expect(menu.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBeNull();
    expect(menu.getByRole('link', { name: 'Game Sessions' }).getAttribute('href')).toBe(
      '/slot-sessions',
    );
  });

  it('adds the configured menu links before Logout, opening in a new window', async () => {
    useSettings.setState({
      MENU_LINKS: [{ title: 'Promotions', url: 'https://casino.example/promo' }],
    });
    await renderShell();
    const menu = within(within(navbar()).getByRole('navigation', { name: 'Menu' }));
    const names = menu.getAllByRole('link').map((link) => link.textContent);
    expect(names.slice(-2)).toEqual(['Promotions', 'Logout']);
    const promo = menu.getByRole('link', { name: 'Promotions' });
    expect(promo.getAttribute('href')).toBe('https://casino.example/promo');
    expect(promo.getAttribute('target')).toBe('_blank');
  });

  it('folds the navbar to icons; pointing at it opens it and leaving closes it', async () => {
    await renderShell();
    expect(navbar().style.width).toBe('280px');
    fireEvent.click(within(navbar()).getByRole('button', { name: 'Fold the menu' }));
    expect(navbar().style.width).toBe('64px');
    expect(navbar().dataset.open).toBe('false');
    expect(navbar().dataset.folded).toBe('true');
    fireEvent.mouseEnter(navbar());
    expect(navbar().style.width).toBe('280px');
    fireEvent.mouseLeave(navbar());
    expect(navbar().style.width).toBe('64px');
  });

  it('boxes the page to layout3’s width, 1120 px unless the settings say otherwise (§9)', async () => {
    await renderShell();
    expect(screen.getByTestId('shell-page').style.maxWidth).toBe('1120px');
    act(() => useSettings.setState({ LAYOUT: { ...settingsDefaults.LAYOUT, boxedMaxWidth: 960 } }));
    expect(screen.getByTestId('shell-page').style.maxWidth).toBe('960px');
  });

  it('opens the drawer from the menu button and closes it once an item is chosen', async () => {
    const user = userEvent.setup();
    await renderShell();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Transactions' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(useNavbar.getState().drawerOpen).toBe(false);
  });

  it('opens an information page in a sandboxed frame titled with its name', async () => {
    useSettings.setState({ EXTERNAL_INFO: true });
    const user = userEvent.setup();
    await renderShell();
    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('button', { name: 'Terms of Use' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms of Use' });
    const frame = within(dialog).getByTitle('Terms of Use');
    expect(frame.getAttribute('src')).toBe('/terms-of-use.html?lang=en');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    await user.click(within(dialog).getByRole('button', { name: 'Close the page' }));
    expect(screen.queryByRole('dialog', { name: 'Terms of Use' })).toBeNull();
  });

  it('loads an information page from the API’s server when the app is served elsewhere (§7)', async () => {
    useSettings.setState({ EXTERNAL_INFO: true, API_URL: 'https://api.example.com' });
    const user = userEvent.setup();
    await renderShell();
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Terms of Use' }),
    );
    expect(screen.getByTitle('Terms of Use').getAttribute('src')).toBe(
      'https://api.example.com/terms-of-use.html?lang=en',
    );
  });

  it('offers no information pages while the external-info setting is off', async () => {
    await renderShell();
    expect(screen.queryByRole('button', { name: 'Terms of Use' })).toBeNull();
  });

  it('puts a WhatsApp contact in the footer only when a number is configured', async () => {
    const first = await renderShell();
    expect(screen.queryByRole('link', { name: 'Contact us on WhatsApp' })).toBeNull();
    first.unmount();
    act(() => useSettings.setState({ CONTACT_NUMBER: '+90 (555) 123 45 67' }));
    await renderShell();
    expect(screen.getByRole('link', { name: 'Contact us on WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/905551234567',
    );
  });

  it("shows the operator's information text in a dialog from the header, and hides the bar on request", async () => {
    useSettings.setState({ INFORMATION_TEXT: 'Maintenance on Sunday 03:00–04:00.' });
    const user = userEvent.setup();
    const first = await renderShell();
    // The header's buttons beyond the wallet come with the shell's later chunk (shell-later.tsx).
    await user.click(await screen.findByRole('button', { name: 'Information' }));
    const dialog = screen.getByRole('dialog', { name: 'Information' });
    expect(within(dialog).getByText('Maintenance on Sunday 03:00–04:00.')).toBeTruthy();
    first.unmount();
    act(() => useSettings.setState({ HIDE_HEADER_BAR: true }));
    await renderShell();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the menu' })).toBeTruthy();
  });
});
