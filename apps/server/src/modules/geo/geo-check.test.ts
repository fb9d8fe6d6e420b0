import { describe, expect, it } from 'vitest';
import { GeoCheck, type GeoConfig } from './geo-check';

const config = (overrides: Partial<GeoConfig> = {}): GeoConfig => ({
  PERMITTED_COUNTRIES: ['TR', 'CY'],
  GEO_PRIVATE_COUNTRY: '',
  GEO_ADDRESS_COUNTRIES: [],
  ...overrides,
});

describe('country check', () => {
  it('locates public addresses offline and permits only the listed countries', () => {
    const geo = new GeoCheck(config());
    expect(geo.check('78.160.1.1')).toEqual({ ip: '78.160.1.1', country: 'TR', permitted: true });
    expect(geo.check('8.8.8.8')).toEqual({ ip: '8.8.8.8', country: 'US', permitted: false });
    expect(geo.check('2001:4860:4860::8888')).toMatchObject({ country: 'US', permitted: false });
  });

  it('reads an IPv4 address that came over an IPv6 socket as that IPv4 address', () => {
    expect(new GeoCheck(config()).check('::ffff:8.8.8.8')).toEqual({
      ip: '8.8.8.8',
      country: 'US',
      permitted: false,
    });
  });

  it('permits every country when no list is configured', () => {
    expect(new GeoCheck(config({ PERMITTED_COUNTRIES: [] })).check('8.8.8.8').permitted).toBe(true);
  });

  it("treats loopback and private addresses as the venue's network unless given a country", () => {
    const open = new GeoCheck(config());
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', 'fd00::1']) {
      expect(open.check(ip), ip).toMatchObject({ country: '', permitted: true });
    }
    const named = new GeoCheck(config({ GEO_PRIVATE_COUNTRY: 'de' }));
    expect(named.check('10.1.2.3')).toMatchObject({ country: 'DE', permitted: false });
  });

  it("applies the operator's address overrides first, single addresses and ranges", () => {
    const geo = new GeoCheck(
      config({ GEO_ADDRESS_COUNTRIES: ['::1=us', '8.8.8.0/24=TR', 'nonsense', '1.2.3.4=USA'] }),
    );
    expect(geo.check('::1')).toMatchObject({ country: 'US', permitted: false });
    expect(geo.check('127.0.0.1')).toMatchObject({ country: '', permitted: true });
    expect(geo.check('8.8.8.8')).toMatchObject({ country: 'TR', permitted: true });
    expect(geo.check('1.2.3.4').country).not.toBe('USA');
  });

  it('refuses an address it cannot place while a list is in force', () => {
    expect(new GeoCheck(config()).check('not-an-ip')).toMatchObject({
      country: '',
      permitted: false,
    });
  });
});
