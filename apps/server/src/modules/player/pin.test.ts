import { DEFAULT_PIN } from '@reelcast/protocol/log-types';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PIN as SEEDED_PIN } from '../../db/seed';
import { hashPin, verifyPin } from './pin';

describe('the PIN hash', () => {
  it('is argon2id with the password parameters, salted, and never contains the PIN', async () => {
    const a = await hashPin('4821');
    const b = await hashPin('4821');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('4821');
    expect(await verifyPin(a, '4821')).toBe(true);
    expect(await verifyPin(b, '4821')).toBe(true);
    expect(await verifyPin(a, '4822')).toBe(false);
    // A plain PIN left in the column is no hash: it never verifies (start-up hashes it first).
    expect(await verifyPin('4821', '4821')).toBe(false);
  });
});

describe('the default PIN', () => {
  it('the seeded accounts start with is the one the lock screen states (§9)', () => {
    expect(SEEDED_PIN).toBe(DEFAULT_PIN);
  });
});
