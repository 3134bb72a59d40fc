import { accessSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type AsnResponse } from 'maxmind';
import { classifyAddress, clientAddress } from '@parapet/shared';
import { bounded, NameTable, parseAsnCsv } from './asn-csv.js';
import { findRange, type RangeTable } from './range-table.js';

/**
 * ISP of a client address, for the event record's `isp` (docs/traffic.md, "ISPs"): the name of
 * the organisation owning the autonomous system that announces the address, as the database
 * spells it ("Google LLC").
 */
export interface AsnLookup {
  /** The AS organisation's name, or undefined when the address has none. */
  ispOf(ip: string): string | undefined;
}

/** The two CSVs of the package: IPv4 and IPv6 ranges as decimal integers. */
export interface AsnDbFiles {
  readonly ipv4: string;
  readonly ipv6: string;
}

const PACKAGE = '@ip-location-db/asn';

/** The databases shipped with the pinned npm package. */
export function defaultAsnDbFiles(): AsnDbFiles {
  const require = createRequire(import.meta.url);
  return { ipv4: require.resolve(`${PACKAGE}/asn-ipv4-num.csv`), ipv6: require.resolve(`${PACKAGE}/asn-ipv6-num.csv`) };
}

/** The pinned package's version, which names the edge's mmdb built from it. */
export function asnDbVersion(): string {
  const require = createRequire(import.meta.url);
  return (require(`${PACKAGE}/package.json`) as { version: string }).version;
}

export class AsnDbError extends Error {}

export interface AsnTables {
  readonly ipv4: RangeTable;
  readonly ipv6: RangeTable;
  readonly names: readonly string[];
}

/**
 * Loaded tables by file pair. They never change once read, so every server in the process
 * (the test suite builds many) shares one copy instead of reading 32 MB of CSV each.
 */
const loaded = new Map<string, AsnTables>();

/**
 * Opens the ASN database. The files must be readable now, so a missing one stops the caller at
 * open; they are read only when the first public address is asked, since reading them takes
 * most of a second and a server that never sees one (a test of private traffic) need not pay.
 */
export function openAsnLookup(files: AsnDbFiles = defaultAsnDbFiles()): AsnLookup {
  for (const file of [files.ipv4, files.ipv6]) {
    try {
      accessSync(file, constants.R_OK);
    } catch (error) {
      throw dbError(file, error);
    }
  }
  let tables: AsnTables | undefined;
  // Reused by every lookup: the search reads words, and this spares an allocation per call.
  const words = new Uint32Array(4);
  return {
    ispOf(ip) {
      // As for countries: ranges the database files under an owner may still be private or
      // reserved here, and only a public address has an ISP.
      if (classifyAddress(ip) !== 'public') return undefined;
      const address = clientAddress(ip);
      if (!address) return undefined;
      tables ??= loadAsnTables(files);
      toWords(address.bytes, words);
      const at = findRange(address.version === 4 ? tables.ipv4 : tables.ipv6, words);
      return at < 0 ? undefined : tables.names[at];
    },
  };
}

/**
 * The ISP lookup of an mmdb file (GEOIP_ASN_DB) whose records carry
 * `autonomous_system_organization`, as MaxMind's ASN databases and the edge's own do. Opened
 * whole now, so a missing or broken file stops the caller at open.
 */
export function openAsnMmdbLookup(file: string): AsnLookup {
  let reader: Reader<AsnResponse>;
  try {
    reader = new Reader<AsnResponse>(readFileSync(file));
  } catch (error) {
    throw dbError(`${file} (GEOIP_ASN_DB)`, error);
  }
  return {
    ispOf(ip) {
      if (classifyAddress(ip) !== 'public') return undefined;
      const address = clientAddress(ip);
      if (!address) return undefined;
      // An IPv4 address written as IPv6 is asked as IPv4, as the CSV tables are.
      const name = reader.get(address.version === 4 ? address.bytes.join('.') : ip)?.autonomous_system_organization;
      return typeof name === 'string' && name ? bounded(name) : undefined;
    },
  };
}

/** Address bytes as 32-bit words, most significant first: one word for IPv4, four for IPv6. */
function toWords(bytes: Uint8Array, words: Uint32Array): void {
  for (let w = 0; w < bytes.length / 4; w++) {
    let word = 0;
    for (let b = w * 4; b < w * 4 + 4; b++) word = word * 256 + (bytes[b] ?? 0);
    words[w] = word;
  }
}

/** The tables of `files`, read once per process (the ISP mmdb of the edge is built from them). */
export function loadAsnTables(files: AsnDbFiles = defaultAsnDbFiles()): AsnTables {
  const key = `${files.ipv4}\n${files.ipv6}`;
  let tables = loaded.get(key);
  if (!tables) loaded.set(key, (tables = load(files)));
  return tables;
}

function load(files: AsnDbFiles): AsnTables {
  const names = new NameTable();
  const read = (file: string, width: number): RangeTable => {
    try {
      return parseAsnCsv(readFileSync(file), width, names);
    } catch (error) {
      throw dbError(file, error);
    }
  };
  // Both families share one name table: most organisations hold IPv4 and IPv6 ranges.
  return { ipv4: read(files.ipv4, 1), ipv6: read(files.ipv6, 4), names: names.names };
}

function dbError(file: string, error: unknown): AsnDbError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AsnDbError(`Cannot read the ASN database ${file}: ${reason}`, { cause: error });
}
