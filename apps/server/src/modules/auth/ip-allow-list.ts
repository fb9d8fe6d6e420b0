// A player's IP allow-list: single addresses or CIDR ranges, IPv4 or IPv6; empty allows any.
import { BlockList, isIP } from 'node:net';

/** An IPv4 address that reached us over an IPv6 socket (::ffff:a.b.c.d) is that IPv4 address. */
export function plainIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip;
}

export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const address = plainIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  for (const entry of allowList) {
    const [net, bits] = entry.trim().split('/');
    const netAddress = plainIp(net ?? '');
    const netFamily = isIP(netAddress);
    // Entries that are not addresses are ignored rather than allowing everyone.
    if (netFamily === 0) continue;
    const netType = netFamily === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(netAddress, netType);
    else if (/^\d+$/.test(bits)) list.addSubnet(netAddress, Number(bits), netType);
  }
  return list.check(address, type);
}
