// The two parts of each language (locale-parts.mjs) hold every text exactly once, and the first
// part what the first screens read.
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
])('%s in two parts', (_language, all) => {
  const first = leaves(localePart(all, 'first'));
  const rest = leaves(localePart(all, 'rest'));

  it('has every text in one part or the other, never both', () => {
    expect([...first, ...rest].sort()).toEqual(leaves(all).sort());
    expect(first.filter((key) => rest.includes(key))).toEqual([]);
  });

  it('has in the first part the login form, the lobby and the login refusals', () => {
    for (const key of ['login.submit', 'lobby.title', 'errors.10700', 'errors.network']) {
      expect(first).toContain(key);
    }
    expect(rest).toContain('game.removed');
  });
});
