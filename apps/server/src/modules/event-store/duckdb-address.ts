import { clientAddress, ipv6Text } from '@parapet/shared';

/**
 * Client addresses as numbers in the DuckDB store (docs/analytics-bench.md, "4 Dec 2026,
 * evening"). The dashboard's lists by address group some 550k rollup rows into 60k addresses;
 * grouped by their text that took twice as long as by two 64-bit numbers, and those were the
 * only lists over the 30 ms target. So the events table and the rollups by address keep each
 * address as the two halves of its 128-bit IPv6 value (an IPv4 address as `::ffff:a.b.c.d`), and
 * a list writes the numbers back as text for the entries it answers
 * (duckdb-address-queries.ts). Every stored address is in its one canonical spelling
 * (client-address.ts), so number and text are one-to-one and the answers are those of grouping
 * the text, which the benchmark's raw scans check.
 */

/** The events table's and the rollups' columns of an address's number, high half first. */
export const ADDRESS_KEY_COLUMNS = ['client_ip_hi', 'client_ip_lo'] as const;
export type AddressKeyColumn = (typeof ADDRESS_KEY_COLUMNS)[number];

/** Their type; `NOT NULL` in a new file, nullable where they were added to an older one. */
export const ADDRESS_KEY_TYPE = 'UBIGINT';

/** An address's number as its two halves; null when the text is not an address. */
export function addressKey(text: string): [hi: bigint, lo: bigint] | null {
  const parsed = clientAddress(text);
  if (!parsed) return null;
  const bytes = parsed.version === 4 ? [...new Array<number>(10).fill(0), 0xff, 0xff, ...parsed.bytes] : parsed.bytes;
  let hi = 0n;
  let lo = 0n;
  for (let i = 0; i < 8; i++) hi = (hi << 8n) | BigInt(bytes[i]!);
  for (let i = 8; i < 16; i++) lo = (lo << 8n) | BigInt(bytes[i]!);
  return [hi, lo];
}

const MAPPED_V4 = 0xffffn;

/** An address's number back as its canonical text (the inverse of addressKey on that text). */
export function addressText(hi: bigint, lo: bigint): string {
  if (hi === 0n && lo >> 32n === MAPPED_V4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((lo >> shift) & 0xffn)).join('.');
  }
  const groups: number[] = [];
  for (const half of [hi, lo]) for (const shift of [48n, 32n, 16n, 0n]) groups.push(Number((half >> shift) & 0xffffn));
  return ipv6Text(groups);
}
