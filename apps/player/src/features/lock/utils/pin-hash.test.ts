import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePinCode } from './pin-code';
import { pinMatches, sha256Hex } from './pin-hash';
import { sha256Bytes, toHex } from './sha256';

const pureSha256 = (text: string) => toHex(sha256Bytes(new TextEncoder().encode(text)));
const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** As the server makes it: sha256$<salt>$hex(sha256(salt + pin)). */
const pinCodeOf = (salt: string, pin: string) => `sha256$${salt}$${nodeSha256(salt + pin)}`;

describe('sha256 (our own, for pages that may not use Web Crypto)', () => {
  // FIPS 180-4 / NIST example vectors.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes %j as the standard says', (text, expected) => {
    expect(pureSha256(text)).toBe(expected);
  });

  it('hashes a million a’s (many blocks)', () => {
    expect(pureSha256('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('agrees with node:crypto around the padding boundaries and on non-ASCII text', () => {
    for (const length of [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128]) {
      const text = 'x'.repeat(length);
      expect(pureSha256(text), `length ${length}`).toBe(nodeSha256(text));
    }
    for (const text of ['şifre-1234', 'كلمة', '🎰7️⃣'])
      expect(pureSha256(text)).toBe(nodeSha256(text));
  });
});

describe('pin_code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the salt and the digest of sha256$<salt>$<hex>', () => {
    const hex = nodeSha256('s1234');
    expect(parsePinCode(`sha256$s$${hex}`)).toEqual({ salt: 's', hex });
    expect(parsePinCode(`sha256$s$${hex.toUpperCase()}`)).toEqual({ salt: 's', hex });
    for (const broken of [null, '', hex, `md5$s$${hex}`, 'sha256$s$abc', `sha256$s$${hex}0`]) {
      expect(parsePinCode(broken), String(broken)).toBeNull();
    }
  });

  it('accepts the right PIN and refuses others', async () => {
    const pinCode = pinCodeOf('9f3c1a', '1234');
    expect(await pinMatches('1234', pinCode)).toBe(true);
    expect(await pinMatches('1235', pinCode)).toBe(false);
    expect(await pinMatches('12345', pinCode)).toBe(false);
    expect(await pinMatches('', pinCode)).toBe(false);
    // The salt is part of what was hashed: the same PIN with another salt is a different code.
    expect(await pinMatches('1234', pinCodeOf('other', '1234').replace('other', '9f3c1a'))).toBe(
      false,
    );
  });

  it('never unlocks against a missing or malformed pin_code', async () => {
    expect(await pinMatches('1234', null)).toBe(false);
    expect(await pinMatches('1234', nodeSha256('1234'))).toBe(false);
  });

  it('gives the same answer without Web Crypto (plain http on a LAN)', async () => {
    const pinCode = pinCodeOf('lan', '654321');
    const withSubtle = await sha256Hex('lan654321');
    vi.stubGlobal('crypto', {});
    expect(await sha256Hex('lan654321')).toBe(withSubtle);
    expect(await pinMatches('654321', pinCode)).toBe(true);
    expect(await pinMatches('654320', pinCode)).toBe(false);
  });

  it('uses Web Crypto when the page may', async () => {
    const digest = vi.fn(
      async (_algorithm: string, data: BufferSource) =>
        createHash('sha256')
          .update(data as Uint8Array)
          .digest().buffer,
    );
    vi.stubGlobal('crypto', { subtle: { digest } });
    vi.stubGlobal('isSecureContext', true);
    expect(await pinMatches('1234', pinCodeOf('x', '1234'))).toBe(true);
    expect(digest).toHaveBeenCalledTimes(1);
    expect(digest.mock.calls[0]?.[0]).toBe('SHA-256');
  });
});
