// Collapse groups (§4) on a test menu: the product menu is flat, as the spec lists it.

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Folder, History, LayoutGrid, ReceiptText } from 'lucide-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Link } from '../shared/router';
import { renderWithProviders, setUpI18n } from '../testing/render';
import { isActive, MENU_LEVEL, type NavigationItem, visibleItems } from './navigation';
import { NavigationMenu } from './navigation-menu';

const history: NavigationItem = {
  id: 'history',
  type: 'collapse',
  title: 'History',
  icon: Folder,
  children: [
    { id: 'sessions', type: 'item', title: 'Sessions', icon: History, url: '/slot-sessions' },
    { id: 'money', type: 'item', title: 'Money', icon: ReceiptText, url: '/transactions' },
  ],
};
const menu: NavigationItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', icon: LayoutGrid, url: '/lobby' },
  history,
];

function renderMenu(path: string) {
  return renderWithProviders(
    <>
      <NavigationMenu items={menu} />
      <Link to="/transactions">go to money</Link>
    </>,
    { path },
  );
}

const group = () => screen.getByRole('button', { name: 'History' });

describe('collapsible menu groups', () => {
  beforeAll(setUpI18n);

  it('opens by itself when the path is a child, and marks the group and the child active', () => {
    renderMenu('/slot-sessions');
    expect(group().getAttribute('aria-expanded')).toBe('true');
    const children = within(document.getElementById(group().getAttribute('aria-controls')!)!);
    expect(children.getByRole('link', { name: 'Sessions' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(group().className).toContain('text-gold');
    expect(screen.getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBeNull();
  });

  it('stays closed elsewhere and toggles on click', async () => {
    const user = userEvent.setup();
    renderMenu('/lobby');
    expect(group().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Money' })).toBeNull();
    expect(group().className).not.toContain('text-gold');
    await user.click(group());
    expect(group().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Money' })).toBeTruthy();
    await user.click(group());
    expect(screen.queryByRole('link', { name: 'Money' })).toBeNull();
  });

  it('opens when the player goes to a child page from elsewhere', async () => {
    const user = userEvent.setup();
    renderMenu('/lobby');
    await user.click(screen.getByRole('link', { name: 'go to money' }));
    expect(group().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Money' }).getAttribute('aria-current')).toBe('page');
  });

  it('is active on a child path and on paths below it, and not elsewhere', () => {
    expect(isActive(history, '/transactions')).toBe(true);
    expect(isActive(history, '/slot-sessions/12')).toBe(true);
    expect(isActive(history, '/lobby')).toBe(false);
  });
});

describe('§6 menu filter', () => {
  const player = { role: 'user', permissions: [MENU_LEVEL], type: 'player' };

  it('shows the product menu to a player holding 145', () => {
    expect(visibleItems(player).map((item) => item.id)).toEqual([
      'lobby',
      'profile',
      'slot-sessions',
      'transactions',
      'limits',
      'logout',
    ]);
  });

  it('hides every levelled item from a player without 145, but not items without levels', () => {
    expect(visibleItems({ ...player, permissions: [] })).toEqual([]);
    const open: NavigationItem = {
      id: 'help',
      type: 'item',
      title: 'Help',
      icon: Folder,
      url: '/help',
    };
    const levelled = { ...history, levels: [MENU_LEVEL] };
    expect(visibleItems({ ...player, permissions: [] }, [open, levelled])).toEqual([open]);
  });

  it('drops a group whose children are all hidden', () => {
    const hidden: NavigationItem = {
      ...history,
      children: [{ ...(history.children[0] as NavigationItem), levels: [MENU_LEVEL] }],
    };
    expect(visibleItems({ ...player, permissions: [] }, [hidden])).toEqual([]);
    expect(visibleItems(player, [hidden]).map((item) => item.id)).toEqual(['history']);
  });

  it('filters by role too: a guest sees no player items', () => {
    expect(visibleItems(null)).toEqual([]);
  });
});
