// The three parts of each language (locale-parts.mjs) hold every text exactly once, the first
// part what the first screens read and the login part what only the login screen reads.
import { describe, expect, it } from 'vitest';
import { localePart } from '../../locale-parts.mjs';
import ar from './ar.json';
import en from './en.json';
import tr from './tr.json';

function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe.each([
  ['en', en],
  ['tr', tr],
  ['ar', ar],
])('%s in three parts', (_language, all) => {
  const first = leaves(localePart(all, 'first'));
  const login = leaves(localePart(all, 'login'));
  const rest = leaves(localePart(all, 'rest'));

  it('has every text in exactly one part', () => {
    const parts = [first, login, rest];
    expect(parts.flat().sort()).toEqual(leaves(all).sort());
    expect(new Set(parts.flat()).size).toBe(parts.flat().length);
  });

  it('has the lobby in the first part, the login form and its refusals in the login part', () => {
    for (const key of ['lobby.title', 'wallet.balance', 'nav.openMenu', 'errors.network']) {
      expect(first).toContain(key);
    }
    for (const key of ['login.submit', 'contact.title', 'errors.10700']) {
      expect(login).toContain(key);
    }
    // What waits for the first screen: the menu, the game, the claim buttons, the jackpots and
    // the reserve buttons.
    for (const key of [
      'game.removed',
      'nav.menu',
      'wallet.claim.discount',
      'lobby.jackpots',
      'lobby.reserve',
    ]) {
      expect(rest).toContain(key);
    }
  });
});
