import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountryDbError,
  defaultCountryDbPath,
  openCountryLookup,
  type CountryLookup,
} from '../../src/modules/geoip/country-lookup.js';

describe('openCountryLookup (packaged database)', () => {
  let lookup: CountryLookup;
  beforeAll(() => {
    lookup = openCountryLookup();
  });

  // Well-known public networks whose country is a matter of record: Google and Quad9 DNS (US),
  // Cloudflare/APNIC's 1.1.1.1 (AU), RIPE NCC (NL), Deutsche Telekom (DE), Osaka University (JP).
  it.each([
    ['8.8.8.8', 'US'],
    ['9.9.9.9', 'US'],
    ['1.1.1.1', 'AU'],
    ['193.0.6.139', 'NL'],
    ['217.0.0.1', 'DE'],
    ['133.1.1.1', 'JP'],
  ])('knows the country of %s (%s)', (ip, country) => {
    expect(lookup.countryOf(ip)).toBe(country);
  });

  it.each([
    ['2001:4860:4860::8888', 'US'], // Google DNS over IPv6
    ['2003::1', 'DE'], // Deutsche Telekom
  ])('knows the country of the IPv6 address %s (%s)', (ip, country) => {
    expect(lookup.countryOf(ip)).toBe(country);
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(lookup.countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(lookup.countryOf('::ffff:808:808')).toBe('US');
  });

  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1', // the database itself files part of this range under a country
    '100.64.0.1',
    '127.0.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:192.168.1.1',
    '2001:db8::1',
  ])('has no country for the non-public address %s', (ip) => {
    expect(lookup.countryOf(ip)).toBeUndefined();
  });

  it.each(['', 'example.com', '8.8.8', '8.8.8.256', '8.8.8.8/32', ' 8.8.8.8', '[::1]', 'fe80::1%eth0', 'gggg::1'])(
    'has no country for the invalid address %j',
    (ip) => {
      expect(lookup.countryOf(ip)).toBeUndefined();
    },
  );

  it('resolves the packaged database to an mmdb file inside node_modules', () => {
    expect(defaultCountryDbPath()).toMatch(/node_modules[\\/]@ip-location-db[\\/].*\.mmdb$/);
  });
});

describe('openCountryLookup (GEOIP_COUNTRY_DB)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parapet-geoip-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the file it is given', () => {
    expect(openCountryLookup(defaultCountryDbPath()).countryOf('8.8.8.8')).toBe('US');
  });

  it('refuses a missing file at open, naming the file and the setting', () => {
    const missing = path.join(dir, 'missing.mmdb');
    expect(() => openCountryLookup(missing)).toThrow(CountryDbError);
    expect(() => openCountryLookup(missing)).toThrow(/missing\.mmdb \(GEOIP_COUNTRY_DB\): ENOENT/);
  });

  it('refuses a file that is not an mmdb at open', () => {
    const junk = path.join(dir, 'junk.mmdb');
    writeFileSync(junk, 'not a database');
    expect(() => openCountryLookup(junk)).toThrow(CountryDbError);
  });
});
