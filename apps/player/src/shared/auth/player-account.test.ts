import { describe, expect, it } from 'vitest';
import { accountFromAnswer, canSee } from './player-account';

describe('§6 can-see on levels, permissions and type', () => {
  it('shows an item to a player holding one of its levels', () => {
    expect(canSee([145], [145], 'player')).toBe(true);
    expect(canSee([145, 200], [7, 200], 'player')).toBe(true);
  });

  it('hides it from a player holding none of them', () => {
    expect(canSee([145], [], 'player')).toBe(false);
    expect(canSee([145], [144, 146], 'player')).toBe(false);
    // The type alone is no permission: only the operator's passes every level.
    expect(canSee([145], [], 'staff')).toBe(false);
  });

  it('lets an operator see every level, permissions or not', () => {
    expect(canSee([145], [], 'operator')).toBe(true);
  });

  it('shows an item without levels to everyone', () => {
    expect(canSee(undefined, [], 'player')).toBe(true);
    expect(canSee([], [], '')).toBe(true);
  });
});

describe('the account in a sign-in answer', () => {
  it('reads permission ids, group, type and what the shell shows', () => {
    const account = accountFromAnswer({
      token: 'x',
      Permissions: [{ PermissionId: 145 }, { PermissionId: 9 }],
      Group: 'vip',
      type: 'player',
      displayName: 'Lucky Ayşe',
      photoURL: 'https://cdn.example/a.png',
      shortcuts: ['transactions', 3],
      settings: { layout: { navbarFolded: true } },
    });
    expect(account).toEqual({
      permissions: [145, 9],
      group: 'vip',
      type: 'player',
      displayName: 'Lucky Ayşe',
      photoURL: 'https://cdn.example/a.png',
      shortcuts: ['transactions'],
      // A preference the answer lacks takes its default.
      settings: { layout: { navbarFolded: true, walletVisible: true } },
    });
  });

  it('gives an answer without them no permissions and the name from the token', () => {
    expect(accountFromAnswer({ token: 'x', pin_code: 'y' }, 'Ayşe Yıldız')).toMatchObject({
      permissions: [],
      displayName: 'Ayşe Yıldız',
      photoURL: null,
      shortcuts: [],
    });
  });
});
