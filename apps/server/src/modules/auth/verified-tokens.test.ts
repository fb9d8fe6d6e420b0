import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  it('answers a checked token until its exp, and never from exp on', () => {
    const tokens = new VerifiedTokens();
    tokens.add('a.b.c', { sub: '1', exp: 1000, nbf: 900 });
    expect(tokens.get('a.b.c', 999)?.sub).toBe('1');
    expect(tokens.get('a.b.c', 1000)).toBeUndefined();
    // Gone for good: a clock set back does not bring an expired token back.
    expect(tokens.get('a.b.c', 999)).toBeUndefined();
  });

  it('does not answer a token before its nbf', () => {
    const tokens = new VerifiedTokens();
    tokens.add('a.b.c', { exp: 2000, nbf: 1500 });
    expect(tokens.get('a.b.c', 1499)).toBeUndefined();
  });

  it('knows only the exact text it was given', () => {
    const tokens = new VerifiedTokens();
    tokens.add('a.b.c', { exp: 2000 });
    expect(tokens.get('a.b.d', 1000)).toBeUndefined();
    expect(tokens.get('a.b.c ', 1000)).toBeUndefined();
  });

  it('keeps at most max tokens, dropping the oldest', () => {
    const tokens = new VerifiedTokens(2);
    tokens.add('one', { exp: 2000 });
    tokens.add('two', { exp: 2000 });
    tokens.add('three', { exp: 2000 });
    expect(tokens.size).toBe(2);
    expect(tokens.get('one', 1000)).toBeUndefined();
    expect(tokens.get('three', 1000)).toBeDefined();
  });
});
