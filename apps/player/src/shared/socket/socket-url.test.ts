import { describe, expect, it } from 'vitest';
import { socketTarget } from './socket-url';

describe('socket target (§7: real-time connections from configuration)', () => {
  it('is this page’s origin when nothing is configured', () => {
    expect(socketTarget('', '', '/notice')).toEqual({ url: '/notice', path: '/socket.io' });
  });

  it('follows the API base when the connection has no URL of its own', () => {
    expect(socketTarget('', 'https://api.example.com', '/machine')).toEqual({
      url: 'https://api.example.com/machine',
      path: '/socket.io',
    });
    // Behind a proxy's prefix: socket.io under it, the namespace unchanged.
    expect(socketTarget('', 'https://example.com/api/', '/notice')).toEqual({
      url: 'https://example.com/notice',
      path: '/api/socket.io',
    });
  });

  it('takes its own URL over the API base', () => {
    expect(
      socketTarget('wss://rt.example.com:8443', 'https://api.example.com', '/machine'),
    ).toEqual({ url: 'wss://rt.example.com:8443/machine', path: '/socket.io' });
  });
});
