import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Reader, type AsnResponse } from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXT_MAX_LENGTH } from '@parapet/shared';
import { AsnDbError, openAsnLookup, openAsnMmdbLookup, type AsnLookup } from '../../src/modules/geoip/asn-lookup.js';
import {
  ASN_MMDB_TYPE,
  buildAsnMmdb,
  defaultAsnMmdbPath,
  edgeAsnDb,
  ensureAsnMmdb,
} from '../../src/modules/geoip/asn-mmdb.js';
import { loadConfig } from '../../src/env.js';
import { buildRangeMmdb, mmdbMap, mmdbText } from '../../src/modules/geoip/mmdb-writer.js';
import type { RangeTable } from '../../src/modules/geoip/range-table.js';
import { buildIspMmdb } from '../edge/fixtures/mmdb-writer.js';

/** A range table from [start, end, name index] rows of IPv4 text addresses. */
function v4Table(rows: ReadonlyArray<[string, string, number]>): RangeTable {
  const word = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  return {
    width: 1,
    rows: rows.length,
    starts: Uint32Array.from(rows.map(([start]) => word(start))),
    ends: Uint32Array.from(rows.map(([, end]) => word(end))),
    names: Uint32Array.from(rows.map(([, , name]) => name)),
  };
}

/** A range table from [start, end, name index] rows of IPv6 addresses given as BigInts. */
function v6Table(rows: ReadonlyArray<[bigint, bigint, number]>): RangeTable {
  const words = (value: bigint) => [96n, 64n, 32n, 0n].map((shift) => Number((value >> shift) & 0xffffffffn));
  return {
    width: 4,
    rows: rows.length,
    starts: Uint32Array.from(rows.flatMap(([start]) => words(start))),
    ends: Uint32Array.from(rows.flatMap(([, end]) => words(end))),
    names: Uint32Array.from(rows.map(([, , name]) => name)),
  };
}

const v4Text = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
const v4Number = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const v6Text = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - i * 16)) & 0xffffn).toString(16)).join(':');

const NAMES = ['Alpha Net', 'Beta, Inc.', 'Gamma Telecom', 'Delta "Quoted"'];
const records = NAMES.map((name) => mmdbMap({ autonomous_system_organization: mmdbText(name) }));
const META = { databaseType: 'Parapet-Test', description: 'ranges', buildEpoch: 1_767_225_600 };
const orgOf = (reader: Reader<AsnResponse>, ip: string) => reader.get(ip)?.autonomous_system_organization ?? null;

describe('buildRangeMmdb', () => {
  // Ranges that are no single network: odd starts and ends, neighbours, one address, a /8.
  const ipv4 = v4Table([
    ['1.2.3.5', '1.2.9.200', 0],
    ['1.2.9.201', '1.2.9.201', 1],
    ['1.2.9.202', '1.3.0.0', 2],
    ['9.0.0.0', '9.255.255.255', 3],
    ['255.255.255.254', '255.255.255.255', 1],
  ]);
  const G = 0x2001_0db8_0000_0000_0000_0000_0000_0000n;
  const ipv6 = v6Table([
    [G + 7n, G + (1n << 70n) + 3n, 1],
    [G + (1n << 70n) + 4n, G + (1n << 71n), 2],
    // ::/8 as IPv6 data: the IPv4 node must replace it at ::/96 and ::ffff:0:0/96.
    [0n, (1n << 120n) - 1n, 0],
  ]);
  const reader = new Reader<AsnResponse>(buildRangeMmdb({ ipv4, ipv6 }, records, META));

  it('answers every address of each range with its record, and the addresses beside it with its neighbours', () => {
    for (let row = 0; row < ipv4.rows; row++) {
      const [start, end] = [ipv4.starts[row]!, ipv4.ends[row]!];
      for (const n of [start, Math.floor((start + end) / 2), end])
        expect(orgOf(reader, v4Text(n)), v4Text(n)).toBe(NAMES[ipv4.names[row]!]);
    }
    expect(orgOf(reader, '1.2.3.4')).toBeNull();
    expect(orgOf(reader, '1.3.0.1')).toBeNull();
    expect(orgOf(reader, '8.255.255.255')).toBeNull();
    expect(orgOf(reader, '10.0.0.0')).toBeNull();
    expect(orgOf(reader, '255.255.255.253')).toBeNull();
    expect(orgOf(reader, v6Text(G + 6n))).toBeNull();
    expect(orgOf(reader, v6Text(G + 7n))).toBe('Beta, Inc.');
    expect(orgOf(reader, v6Text(G + (1n << 70n) + 3n))).toBe('Beta, Inc.');
    expect(orgOf(reader, v6Text(G + (1n << 70n) + 4n))).toBe('Gamma Telecom');
    expect(orgOf(reader, v6Text(G + (1n << 71n)))).toBe('Gamma Telecom');
    expect(orgOf(reader, v6Text(G + (1n << 71n) + 1n))).toBeNull();
  });

  it('answers IPv4 alike as a.b.c.d and ::ffff:a.b.c.d, and keeps the IPv6 data beside ::/96', () => {
    expect(orgOf(reader, '::ffff:1.2.9.201')).toBe('Beta, Inc.');
    expect(orgOf(reader, '::ffff:1.2.3.4')).toBeNull();
    expect(orgOf(reader, '::ffff:9.1.1.1')).toBe('Delta "Quoted"');
    expect(orgOf(reader, '0:0:0:0:0:1::1')).toBe('Alpha Net');
    expect(orgOf(reader, '1::')).toBe('Alpha Net');
  });

  it('describes itself, and writes the same bytes from the same tables', () => {
    expect(reader.metadata).toMatchObject({ binaryFormatMajorVersion: 2, ipVersion: 6, databaseType: 'Parapet-Test' });
    expect(buildRangeMmdb({ ipv4, ipv6 }, records, META).equals(buildRangeMmdb({ ipv4, ipv6 }, records, META))).toBe(
      true,
    );
  });

  it('matches a plain search of the ranges for thousands of random addresses', () => {
    // Many small ranges with gaps, from a seeded generator, so the tree gets deep and ragged.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
    const rows: Array<[string, string, number]> = [];
    let at = v4Number('20.0.0.0');
    for (let i = 0; i < 2000; i++) {
      at += Math.floor(random() * 5000);
      const end = at + Math.floor(random() * 70_000);
      rows.push([v4Text(at), v4Text(end), i % NAMES.length]);
      at = end + 1;
    }
    const table = v4Table(rows);
    const ragged = new Reader<AsnResponse>(buildRangeMmdb({ ipv4: table, ipv6: v6Table([]) }, records, META));
    const expected = (n: number) => {
      for (let row = 0; row < table.rows; row++)
        if (table.starts[row]! <= n && n <= table.ends[row]!) return NAMES[table.names[row]!]!;
      return null;
    };
    for (let i = 0; i < 3000; i++) {
      const n = v4Number('20.0.0.0') + Math.floor(random() * (at - v4Number('20.0.0.0')));
      expect(orgOf(ragged, v4Text(n)), v4Text(n)).toBe(expected(n));
    }
  });
});

describe('the ISP mmdb of the packaged data (the edge reads it)', () => {
  let packaged: Reader<AsnResponse>;
  let csv: AsnLookup;
  beforeAll(() => {
    packaged = new Reader<AsnResponse>(buildAsnMmdb());
    csv = openAsnLookup();
  });

  it('names the ISP the CSV tables name, for 20,000 random public addresses and known ones', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
    const asked = ['8.8.8.8', '1.1.1.1', '133.1.1.1', '2001:4860:4860::8888', '2606:4700:4700::1111', '2003::1'];
    for (let i = 0; i < 20_000; i++) asked.push(v4Text(Math.floor(random() * 2 ** 32)));
    let named = 0;
    for (const ip of asked) {
      const expected = csv.ispOf(ip);
      if (expected === undefined) continue; // not public, or no owner: the edge's answer is not asked
      named++;
      expect(orgOf(packaged, ip), ip).toBe(expected);
    }
    expect(named).toBeGreaterThan(10_000);
  });

  it('has no ISP for private and reserved addresses', () => {
    for (const ip of [
      '10.0.0.1',
      '192.168.1.1',
      '172.16.0.1',
      '127.0.0.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      '2001:db8::1',
    ])
      expect(orgOf(packaged, ip), ip).toBeNull();
  });

  it('is a database of its own type, dated by the package build', () => {
    expect(packaged.metadata.databaseType).toBe(ASN_MMDB_TYPE);
    expect(packaged.metadata.buildEpoch.toISOString()).toBe('2026-06-17T19:00:00.000Z');
  });
});

describe('ensureAsnMmdb and GEOIP_ASN_DB', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parapet-asn-mmdb-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the file once, however many ask at once, and keeps it', async () => {
    const file = path.join(dir, 'geo', 'asn.mmdb');
    const [a, b] = await Promise.all([ensureAsnMmdb(file), ensureAsnMmdb(file)]);
    expect([a, b]).toEqual([file, file]);
    const made = statSync(file).mtimeMs;
    expect(await ensureAsnMmdb(file)).toBe(file);
    expect(statSync(file).mtimeMs).toBe(made);
    expect(openAsnMmdbLookup(file).ispOf('8.8.8.8')).toBe('Google LLC');
  });

  it('reads an ISP mmdb it is given, only for public addresses, in the record bound', () => {
    const file = path.join(dir, 'given.mmdb');
    const long = `${'b'.repeat(EVENT_TEXT_MAX_LENGTH - 1)}😀tail`;
    writeFileSync(
      file,
      buildIspMmdb([
        { network: '8.8.4.0/24', isp: 'Given ISP' },
        { network: '9.9.9.0/24', isp: long },
        { network: '10.0.0.0/8', isp: 'Private Net' },
        { network: '2a00:1450::/32', isp: 'Given Six' },
      ]),
    );
    const lookup = openAsnMmdbLookup(file);
    expect(lookup.ispOf('8.8.4.4')).toBe('Given ISP');
    expect(lookup.ispOf('::ffff:8.8.4.4')).toBe('Given ISP');
    expect(lookup.ispOf('2a00:1450::1')).toBe('Given Six');
    expect(lookup.ispOf('8.8.8.8')).toBeUndefined();
    expect(lookup.ispOf('10.1.1.1')).toBeUndefined();
    expect(lookup.ispOf('not an address')).toBeUndefined();
    expect(lookup.ispOf('9.9.9.9')).toBe('b'.repeat(EVENT_TEXT_MAX_LENGTH - 1));
  });

  it("gives the edge GEOIP_ASN_DB when set, else the packaged data's file under DATA_DIR", async () => {
    const given = path.join(dir, 'for-edge.mmdb');
    writeFileSync(given, buildIspMmdb([{ network: '8.8.4.0/24', isp: 'Given ISP' }]));
    expect(await edgeAsnDb(loadConfig({ DATA_DIR: dir, GEOIP_ASN_DB: given }))).toBe(given);
    await expect(edgeAsnDb(loadConfig({ DATA_DIR: dir, GEOIP_ASN_DB: path.join(dir, 'gone.mmdb') }))).rejects.toThrow(
      /gone\.mmdb \(GEOIP_ASN_DB\)/,
    );
    const built = await edgeAsnDb(loadConfig({ DATA_DIR: dir }));
    expect(built).toBe(defaultAsnMmdbPath(dir));
    expect(built).toMatch(/geo[\\/]asn-2\.3\.2026061719\.mmdb$/);
    expect(openAsnMmdbLookup(built).ispOf('1.1.1.1')).toBe('Cloudflare, Inc.');
  });

  it('refuses a missing or broken file at open, naming it and the setting', () => {
    expect(() => openAsnMmdbLookup(path.join(dir, 'missing.mmdb'))).toThrow(AsnDbError);
    expect(() => openAsnMmdbLookup(path.join(dir, 'missing.mmdb'))).toThrow(/missing\.mmdb \(GEOIP_ASN_DB\)/);
    const broken = path.join(dir, 'broken.mmdb');
    writeFileSync(broken, 'not a database');
    expect(() => openAsnMmdbLookup(broken)).toThrow(/broken\.mmdb \(GEOIP_ASN_DB\)/);
  });
});
