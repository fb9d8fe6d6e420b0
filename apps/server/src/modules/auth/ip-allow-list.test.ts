import { describe, expect, it } from 'vitest';
import { ipAllowed } from './ip-allow-list';

describe('ipAllowed', () => {
  it('allows any address when the list is empty', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
  });

  it('matches single addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = ['198.51.100.7', '10.1.0.0/16', '2001:db8::/32'];
    expect(ipAllowed(list, '198.51.100.7')).toBe(true);
    expect(ipAllowed(list, '198.51.100.8')).toBe(false);
    expect(ipAllowed(list, '10.1.255.3')).toBe(true);
    expect(ipAllowed(list, '10.2.0.1')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '2001:db9::5')).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(ipAllowed(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(true);
  });

  it('does not let malformed entries or addresses through', () => {
    expect(ipAllowed(['not-an-ip', '10.0.0.0/abc'], '10.0.0.1')).toBe(false);
    expect(ipAllowed(['10.0.0.1'], 'garbage')).toBe(false);
  });
});
