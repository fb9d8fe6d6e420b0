// Which country an address is in, and whether that country may play (§1 IP check, 10703 at
// login). Offline: geoip-country ships MaxMind's GeoLite2 country table inside the package, so
// no request leaves the server. Order: the operator's address overrides, then private and
// loopback ranges (the venue's network: GEO_PRIVATE_COUNTRY, empty = permitted), then GeoIP.
import { BlockList, isIP } from 'node:net';
import geoip from 'geoip-country';
import { plainIp } from '../auth/ip-allow-list';

export interface CountryCheck {
  permitted: boolean;
  ip: string;
  /** ISO 3166-1 alpha-2; '' when unknown */
  country: string;
}

export interface GeoConfig {
  PERMITTED_COUNTRIES: readonly string[];
  GEO_PRIVATE_COUNTRY: string;
  GEO_ADDRESS_COUNTRIES: readonly string[];
}

const privateRanges: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  const family = isIP(address);
  return family === 4 ? 'ipv4' : family === 6 ? 'ipv6' : null;
}

function addRange(list: BlockList, entry: string): boolean {
  const [net = '', bits] = entry.split('/');
  const address = plainIp(net.trim());
  const family = familyOf(address);
  if (!family) return false;
  if (bits === undefined) list.addAddress(address, family);
  else if (/^\d+$/.test(bits)) list.addSubnet(address, Number(bits), family);
  else return false;
  return true;
}

export class GeoCheck {
  private readonly permitted: ReadonlySet<string>;
  private readonly privateCountry: string;
  private readonly privateList = new BlockList();
  private readonly overrides: { list: BlockList; country: string }[] = [];

  constructor(config: GeoConfig) {
    this.permitted = new Set(config.PERMITTED_COUNTRIES.map((c) => c.toUpperCase()));
    this.privateCountry = config.GEO_PRIVATE_COUNTRY.toUpperCase();
    for (const [address, bits, family] of privateRanges) {
      this.privateList.addSubnet(address, bits, family);
    }
    for (const entry of config.GEO_ADDRESS_COUNTRIES) {
      const [range = '', country = ''] = entry.split('=');
      const list = new BlockList();
      // A malformed entry is ignored rather than matching everyone.
      if (/^[A-Za-z]{2}$/.test(country.trim()) && addRange(list, range)) {
        this.overrides.push({ list, country: country.trim().toUpperCase() });
      }
    }
  }

  /** Whether any country is refused at all (no list: the check always passes). */
  get enforced(): boolean {
    return this.permitted.size > 0;
  }

  /** The country of an address: '' for an unknown public address; null for a private one. */
  private locate(ip: string): string | null {
    const family = familyOf(ip);
    if (!family) return '';
    for (const { list, country } of this.overrides) if (list.check(ip, family)) return country;
    if (this.privateList.check(ip, family)) return null;
    return geoip.lookup(ip)?.country ?? '';
  }

  check(rawIp: string): CountryCheck {
    const ip = plainIp(rawIp);
    const located = this.locate(ip);
    if (located === null) {
      const country = this.privateCountry;
      // The venue's own network is permitted unless the operator names its country.
      return { ip, country, permitted: !this.enforced || !country || this.permitted.has(country) };
    }
    // An address we cannot place is refused when a list is in force (fail closed).
    return { ip, country: located, permitted: !this.enforced || this.permitted.has(located) };
  }
}
