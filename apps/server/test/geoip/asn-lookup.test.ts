import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXT_MAX_LENGTH } from '@parapet/shared';
import {
  AsnDbError,
  defaultAsnDbFiles,
  openAsnLookup,
  type AsnDbFiles,
  type AsnLookup,
} from '../../src/modules/geoip/asn-lookup.js';

describe('openAsnLookup (packaged database)', () => {
  let lookup: AsnLookup;
  beforeAll(() => {
    lookup = openAsnLookup();
  });

  // Networks whose owner is a matter of record, spelt as the 2.3.2026061719 files spell them.
  it.each([
    ['8.8.8.8', 'Google LLC'],
    ['1.1.1.1', 'Cloudflare, Inc.'], // quoted in the CSV for its comma
    ['9.9.9.9', 'Quad9'],
    ['133.1.1.1', 'Osaka University'],
    ['2001:4860:4860::8888', 'Google LLC'],
    ['2606:4700:4700::1111', 'Cloudflare, Inc.'],
    ['2003::1', 'Deutsche Telekom AG'],
  ])('knows the ISP of %s (%s)', (ip, isp) => {
    expect(lookup.ispOf(ip)).toBe(isp);
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(lookup.ispOf('::ffff:8.8.8.8')).toBe('Google LLC');
  });

  it.each(['10.0.0.1', '192.168.1.1', '172.16.5.4', '100.64.0.1', '127.0.0.1', '::1', 'fd12:3456::1', '2001:db8::1'])(
    'has no ISP for the non-public address %s',
    (ip) => {
      expect(lookup.ispOf(ip)).toBeUndefined();
    },
  );

  it.each(['', 'example.com', '8.8.8', '8.8.8.256', ' 8.8.8.8', 'gggg::1'])(
    'has no ISP for the invalid address %j',
    (ip) => {
      expect(lookup.ispOf(ip)).toBeUndefined();
    },
  );

  it('resolves the packaged files inside node_modules', () => {
    const files = defaultAsnDbFiles();
    expect(files.ipv4).toMatch(/node_modules[\\/]@ip-location-db[\\/]asn[\\/]asn-ipv4-num\.csv$/);
    expect(files.ipv6).toMatch(/asn-ipv6-num\.csv$/);
  });
});

/** An IPv4 or IPv6 address as the `-num` files write it. */
function num(ip: string): string {
  if (!ip.includes(':')) return String(ip.split('.').reduce((n, part) => n * 256 + Number(part), 0));
  const [head = '', tail = ''] = ip.split('::');
  const groups = (text: string) => (text ? text.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return BigInt(`0x${all.map((g) => g.padStart(4, '0')).join('')}`).toString();
}

describe('openAsnLookup (files it is given)', () => {
  let dir: string;
  let count = 0;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parapet-asn-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A fresh file pair (the loaded tables are shared per pair of paths). */
  function files(ipv4: string, ipv6 = ''): AsnDbFiles {
    count++;
    const pair = { ipv4: path.join(dir, `v4-${count}.csv`), ipv6: path.join(dir, `v6-${count}.csv`) };
    writeFileSync(pair.ipv4, ipv4);
    writeFileSync(pair.ipv6, ipv6);
    return pair;
  }
  const row = (start: string, end: string, name: string) => `${num(start)},${num(end)},64500,${name}\n`;

  it('reads quoted names with commas and doubled quotes, and CRLF lines', () => {
    const lookup = openAsnLookup(
      files(
        row('8.0.0.0', '8.0.0.255', '"LLC ""Example"", Ltd"').replace('\n', '\r\n') +
          row('8.0.1.0', '8.0.1.255', 'Plain Name'),
      ),
    );
    expect(lookup.ispOf('8.0.0.7')).toBe('LLC "Example", Ltd');
    expect(lookup.ispOf('8.0.1.255')).toBe('Plain Name');
    expect(lookup.ispOf('8.0.2.0')).toBeUndefined();
    expect(lookup.ispOf('7.255.255.255')).toBeUndefined();
  });

  it('finds IPv6 ranges by all 128 bits', () => {
    const lookup = openAsnLookup(
      files(
        '',
        row('2a00:1450::', '2a00:1450::ffff', 'Low') +
          row('2a00:1450::1:0', '2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff', 'High') +
          row('3000::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'Top'),
      ),
    );
    expect(lookup.ispOf('2a00:1450::abcd')).toBe('Low');
    expect(lookup.ispOf('2a00:1450::1:0')).toBe('High');
    expect(lookup.ispOf('2a00:1450:8000::1')).toBe('High');
    expect(lookup.ispOf('2a00:1451::')).toBeUndefined();
    expect(lookup.ispOf('3000:ffff::1')).toBe('Top');
  });

  it('keeps the earlier owner where two ranges overlap, and joins neighbours of one owner', () => {
    const lookup = openAsnLookup(
      files(
        row('9.0.0.0', '9.0.0.255', 'First') +
          row('9.0.0.128', '9.0.1.255', 'Second') + // the slip in the packaged IPv4 file looks like this
          row('9.0.2.0', '9.0.2.255', 'Second') +
          row('9.0.2.16', '9.0.2.31', 'Inside') +
          row('9.0.3.0', '9.0.3.255', ''),
      ),
    );
    expect(lookup.ispOf('9.0.0.200')).toBe('First');
    expect(lookup.ispOf('9.0.1.0')).toBe('Second');
    expect(lookup.ispOf('9.0.2.20')).toBe('Second');
    expect(lookup.ispOf('9.0.3.1')).toBeUndefined(); // a range without a name is no answer
  });

  it(`cuts a name to ${EVENT_TEXT_MAX_LENGTH} characters without splitting a surrogate pair`, () => {
    const long = `${'a'.repeat(EVENT_TEXT_MAX_LENGTH - 1)}😀tail`;
    const isp = openAsnLookup(files(row('8.1.0.0', '8.1.0.255', long))).ispOf('8.1.0.1');
    expect(isp).toBe('a'.repeat(EVENT_TEXT_MAX_LENGTH - 1));
  });

  it('refuses a missing file at open, naming it', () => {
    const missing = { ipv4: path.join(dir, 'missing.csv'), ipv6: path.join(dir, 'missing6.csv') };
    expect(() => openAsnLookup(missing)).toThrow(AsnDbError);
    expect(() => openAsnLookup(missing)).toThrow(/missing\.csv: ENOENT/);
  });

  it.each([
    [
      'ranges out of order',
      row('9.0.1.0', '9.0.1.255', 'B') + row('9.0.0.0', '9.0.0.255', 'A'),
      /line 2: ranges out of order/,
    ],
    ['an end before its start', row('9.0.1.0', '9.0.0.255', 'A'), /line 1: ranges out of order/],
    ['a number that is not decimal', '9.0.0.0,151060735,64500,A\n', /line 1: bad range start/],
    ['an IPv4 number over 32 bits', '4294967296,4294967297,64500,A\n', /line 1: bad range start/],
    ['an unclosed quote', `${num('9.0.0.0')},${num('9.0.0.255')},64500,"A\n`, /line 1: bad organisation name/],
  ])('refuses a file with %s at the first public lookup, naming the line', (_label, ipv4, message) => {
    const lookup = openAsnLookup(files(ipv4));
    expect(lookup.ispOf('10.0.0.1')).toBeUndefined(); // private: the file is not read yet
    expect(() => lookup.ispOf('9.0.0.1')).toThrow(AsnDbError);
    expect(() => lookup.ispOf('9.0.0.1')).toThrow(message);
  });
});
