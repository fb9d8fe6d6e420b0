import { createHash } from 'node:crypto';
import { DEFAULT_PIN } from '@reelcast/protocol/log-types';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PIN as SEEDED_PIN } from '../../db/seed';
import { pinCode, pinMatches } from './pin-code';

describe('pinCode', () => {
  it('is sha256$salt$hex(sha256(salt + pin)) and never contains the PIN', () => {
    const code = pinCode('4821');
    const [alg, salt, hash] = code.split('$');
    expect(alg).toBe('sha256');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).toBe(createHash('sha256').update(`${salt}4821`).digest('hex'));
    expect(code).not.toContain('4821');
  });

  it('uses a fresh salt each time, and the typed PIN verifies against it', () => {
    const a = pinCode('1234');
    const b = pinCode('1234');
    expect(a).not.toBe(b);
    expect(pinMatches(a, '1234')).toBe(true);
    expect(pinMatches(b, '1234')).toBe(true);
    expect(pinMatches(a, '1235')).toBe(false);
  });
});

describe('the default PIN', () => {
  it('the seeded accounts start with is the one the lock screen states (§9)', () => {
    expect(SEEDED_PIN).toBe(DEFAULT_PIN);
  });
});
