// What the side navigation and the header show of the signed-in player (§3, §6): the menu as
// their permissions allow, the display name, the photo or a generated avatar, the shortcuts.
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../shared/auth/auth-store';
import { useSettings } from '../shared/settings';
import { fakeServer } from '../testing/fake-server';
import { accountAnswer, playerToken } from '../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../testing/render';
import { resetAuth } from '../testing/reset-auth';
import { AppRoutes } from './router';
import { avatarColour, initialsOf } from './user-avatar';

async function renderShellAs(account: Record<string, unknown>, path = '/profile') {
  fakeServer();
  signIn(
    playerToken({ name: 'Ayşe', lastname: 'Yıldız', username: 'ayse' }),
    undefined,
    accountAnswer(account),
  );
  const view = renderWithProviders(<AppRoutes />, { path });
  await screen.findByTestId('navbar');
  return view;
}

const navbar = () => within(screen.getByTestId('navbar'));
const menuLinks = () =>
  within(navbar().getByRole('navigation', { name: 'Menu' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('the signed-in player in the shell', () => {
  beforeAll(setUpI18n);
  beforeEach(() => useSettings.setState(settingsDefaults, true));
  afterEach(resetAuth);

  it('shows the level-145 menu to a player who holds 145', async () => {
    await renderShellAs({});
    expect(menuLinks()).toEqual([
      'Lobby',
      'Profile',
      'Game Sessions',
      'Transactions',
      'Limits',
      'Logout',
    ]);
  });

  it('shows a player without 145 none of the levelled items, only the configured links', async () => {
    useSettings.setState({
      MENU_LINKS: [{ title: 'Promotions', url: 'https://casino.example/promo' }],
    });
    await renderShellAs({ Permissions: [] });
    expect(menuLinks()).toEqual(['Promotions']);
  });

  it('shows the whole menu to an operator, whatever the permissions', async () => {
    await renderShellAs({ Permissions: [], type: 'operator' });
    expect(menuLinks()).toHaveLength(6);
  });

  it('shows the display name above the first and last name, and the photo', async () => {
    await renderShellAs({
      displayName: 'Lucky Ayşe',
      photoURL: 'https://cdn.example/ayse.png',
    });
    expect(navbar().getByTestId('nav-display-name').textContent).toBe('Lucky Ayşe');
    expect(navbar().getByTestId('nav-full-name').textContent).toBe('Ayşe Yıldız');
    const photo = navbar().getByTestId('user-avatar');
    expect(photo.tagName).toBe('IMG');
    expect(photo.getAttribute('src')).toBe('https://cdn.example/ayse.png');
    // A photo that fails to load gives way to the generated avatar.
    fireEvent.error(photo);
    expect(navbar().getByTestId('user-avatar').textContent).toBe('LA');
  });

  it('draws initials on the player’s own colour when there is no photo', async () => {
    await renderShellAs({ photoURL: null });
    const avatar = navbar().getByTestId('user-avatar');
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('AY');
    expect(avatar.style.backgroundColor).not.toBe('');
    expect(navbar().queryByTestId('nav-full-name')).toBeNull();
  });

  it('puts the shortcuts the player keeps in the header, skipping ids of nothing they may see', async () => {
    await renderShellAs({ shortcuts: ['transactions', 'no-such-item', 'lobby'] });
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    const links = shortcuts.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Transactions', 'Lobby']);
    expect(links[0]?.getAttribute('href')).toBe('/transactions');
  });

  it('shows no shortcuts to a player without the permission their items need', async () => {
    await renderShellAs({ Permissions: [], shortcuts: ['transactions'] });
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).toBeNull();
  });
});

describe('generated avatar', () => {
  it('keeps one colour per username and gives different players different ones', () => {
    expect(avatarColour('ayse')).toBe(avatarColour('ayse'));
    expect(new Set(['ayse', 'demo', 'demo2', 'staff'].map(avatarColour)).size).toBe(4);
  });

  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Deniz Yılmaz')).toBe('DY');
    expect(initialsOf('İpek Ayşe Öz')).toBe('İÖ');
    expect(initialsOf('cher')).toBe('C');
    expect(initialsOf('  ')).toBe('?');
  });
});
