import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnServerFor } from './turn';

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('names the expiry and the player, signed with the shared secret', () => {
    const config = { urls: ['turn:127.0.0.1:3479'], secret: 'shared', ttlSeconds: 600 };
    const server = turnServerFor(42, config, 1_800_000_000_000);
    expect(server.username).toBe('1800000600:42');
    // coturn checks base64(HMAC-SHA1(secret, username)); another secret gives another credential.
    const expected = createHmac('sha1', 'shared').update('1800000600:42').digest('base64');
    expect(server.credential).toBe(expected);
    expect(
      turnServerFor(42, { ...config, secret: 'other' }, 1_800_000_000_000).credential,
    ).not.toBe(expected);
    expect(server.urls).toEqual(['turn:127.0.0.1:3479']);
  });
});
