import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader, type CountryResponse } from 'maxmind';
import { classifyAddress, clientAddress } from '@parapet/shared';

/**
 * Country of a client address, for the event record's `country` (docs/traffic.md, "Countries").
 * The database is one mmdb file holding IPv4 and IPv6; it is read whole into memory once, so a
 * lookup is a walk of an in-memory tree and never touches the disk.
 */
export interface CountryLookup {
  /** ISO 3166-1 alpha-2 code in upper case, or undefined when the address has no country. */
  countryOf(ip: string): string | undefined;
  close?(): void;
}

/**
 * The record of the ip-location-db country databases: a flat `{ country_code }` (read from the
 * file's records). `maxmind` types only MaxMind's own shapes, whose country record is nested, so
 * the flat field is added to its all-optional one.
 */
interface CountryCodeRecord extends CountryResponse {
  readonly country_code?: unknown;
}

const DEFAULT_DB_SPECIFIER = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';
const ISO_ALPHA2 = /^[A-Z]{2}$/;

/** The database shipped with the pinned npm package. */
export function defaultCountryDbPath(): string {
  return createRequire(import.meta.url).resolve(DEFAULT_DB_SPECIFIER);
}

export class CountryDbError extends Error {}

/**
 * Opens the country database at `path` (GEOIP_COUNTRY_DB), or the packaged one. A file that is
 * missing or not an mmdb stops the caller at open, not at the first request.
 */
export function openCountryLookup(path: string = defaultCountryDbPath()): CountryLookup {
  let reader: Reader<CountryCodeRecord>;
  try {
    reader = new Reader<CountryCodeRecord>(readFileSync(path));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CountryDbError(`Cannot open the GeoIP country database ${path} (GEOIP_COUNTRY_DB): ${reason}`, {
      cause: error,
    });
  }
  return {
    countryOf(ip) {
      // The database holds stray answers for some private ranges (192.168/16 reads AU), so only
      // public addresses are asked; anything else (private, loopback, invalid) has no country.
      if (classifyAddress(ip) !== 'public') return undefined;
      const code = reader.get(mayBeMappedV4(ip) ? mappedV4(ip) : ip)?.country_code;
      return typeof code === 'string' && ISO_ALPHA2.test(code) ? code : undefined;
    },
  };
}

/**
 * An IPv4 address written as IPv6 (::ffff:a.b.c.d) is filed under its IPv4 form. Its first 80
 * bits are zero, so its text starts with `::` or `0:`; the cheap test spares most addresses a
 * second parse.
 */
const mayBeMappedV4 = (ip: string): boolean => ip.startsWith('::') || ip.startsWith('0:');

function mappedV4(ip: string): string {
  const parsed = clientAddress(ip);
  return parsed?.version === 4 ? parsed.bytes.join('.') : ip;
}
