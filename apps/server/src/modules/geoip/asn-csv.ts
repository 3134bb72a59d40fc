import { EVENT_TEXT_MAX_LENGTH } from '@parapet/shared';
import { RangeTableBuilder, type RangeTable } from './range-table.js';

/**
 * Reads the `-num` CSVs of `@ip-location-db/asn`: one range a line,
 * `ip_range_start,ip_range_end,autonomous_system_number,autonomous_system_organization`, the
 * addresses as decimal integers (128-bit for IPv6), the name quoted when it holds a comma and
 * with `""` for a quote. The bytes are scanned in place: decoding the whole 21 MB file to one
 * string first would double the memory the load needs for nothing.
 */

/** Organisation names, each stored once: about 80,000 names serve 500,000 ranges. */
export class NameTable {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();

  intern(name: string): number {
    let at = this.index.get(name);
    if (at === undefined) {
      at = this.names.length;
      this.names.push(name);
      this.index.set(name, at);
    }
    return at;
  }
}

export class AsnCsvError extends Error {}

const COMMA = 0x2c;
const QUOTE = 0x22;
const NEWLINE = 0x0a;
const CR = 0x0d;
const ZERO = 0x30;
const WORD = 2 ** 32;

/** The ranges of one CSV file whose addresses are `width` 32-bit words wide. */
export function parseAsnCsv(bytes: Buffer, width: number, names: NameTable): RangeTable {
  const builder = new RangeTableBuilder(width, countLines(bytes));
  const start = new Uint32Array(width);
  const end = new Uint32Array(width);
  let pos = 0;
  let line = 0;
  while (pos < bytes.length) {
    line++;
    pos = readNumber(bytes, pos, start) ?? fail(line, 'bad range start');
    pos = readNumber(bytes, pos, end) ?? fail(line, 'bad range end');
    pos = skipField(bytes, pos);
    const [name, after] = readName(bytes, pos) ?? fail(line, 'bad organisation name');
    pos = after;
    // A range with no name tells nothing; leaving it out makes its addresses unknown.
    if (name !== '' && !builder.add(start, end, names.intern(name))) fail(line, 'ranges out of order');
  }
  return builder.build();
}

function fail(line: number, why: string): never {
  throw new AsnCsvError(`line ${line}: ${why}`);
}

/** Counts rows to size the arrays once; a last line without a newline counts too. */
function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) lines++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== NEWLINE ? lines + 1 : lines;
}

/**
 * A decimal integer ending at a comma, into `words` (most significant first), and the position
 * after the comma; undefined when it is empty, not decimal, or too wide. Digits are taken six at
 * a time into a chunk, then the words are multiplied by 10^6 and the chunk added, carrying
 * upward: each step stays below 2^53, exact in a double, so 128-bit values need no BigInt, and
 * a 39-digit IPv6 address costs 7 steps instead of 39.
 */
function readNumber(bytes: Buffer, pos: number, words: Uint32Array): number | undefined {
  words.fill(0);
  let at = pos;
  let chunk = 0;
  let scale = 1;
  for (; at < bytes.length; at++) {
    const byte = bytes[at] ?? COMMA;
    if (byte === COMMA) break;
    const digit = byte - ZERO;
    if (digit < 0 || digit > 9) return undefined;
    chunk = chunk * 10 + digit;
    scale *= 10;
    if (scale === CHUNK_SCALE) {
      if (!multiplyAdd(words, scale, chunk)) return undefined;
      chunk = 0;
      scale = 1;
    }
  }
  if (at === pos || at === bytes.length) return undefined;
  return scale === 1 || multiplyAdd(words, scale, chunk) ? at + 1 : undefined;
}

const CHUNK_SCALE = 1e6;

/** words = words * scale + add; false when the result does not fit. */
function multiplyAdd(words: Uint32Array, scale: number, add: number): boolean {
  let carry = add;
  for (let w = words.length - 1; w >= 0; w--) {
    const value = (words[w] ?? 0) * scale + carry;
    const low = value >>> 0;
    words[w] = low;
    carry = (value - low) / WORD;
  }
  return carry === 0;
}

/** Skips the AS number: the name is what the record stores. */
function skipField(bytes: Buffer, pos: number): number {
  const comma = bytes.indexOf(COMMA, pos);
  return comma < 0 ? bytes.length : comma + 1;
}

/** The last field of a line, unquoted, and the position of the next line. */
function readName(bytes: Buffer, pos: number): [string, number] | undefined {
  if (bytes[pos] !== QUOTE) {
    const newline = bytes.indexOf(NEWLINE, pos);
    const stop = newline < 0 ? bytes.length : newline;
    const last = stop > pos && bytes[stop - 1] === CR ? stop - 1 : stop;
    return [bounded(bytes.toString('utf8', pos, last)), stop + 1];
  }
  // A quoted name runs to the quote that is not doubled, which must end the line.
  let at = pos + 1;
  let doubled = false;
  for (;;) {
    at = bytes.indexOf(QUOTE, at);
    if (at < 0) return undefined;
    if (bytes[at + 1] !== QUOTE) break;
    doubled = true;
    at += 2;
  }
  const raw = bytes.toString('utf8', pos + 1, at);
  let next = at + 1;
  if (bytes[next] === CR) next++;
  if (next < bytes.length && bytes[next] !== NEWLINE) return undefined;
  return [bounded(doubled ? raw.replaceAll('""', '"') : raw), next + 1];
}

/**
 * Within the record's bound for text fields, so a name always fits `isp`. A cut never splits
 * a surrogate pair: half a pair is text the record schema refuses.
 */
export function bounded(name: string): string {
  if (name.length <= EVENT_TEXT_MAX_LENGTH) return name;
  const cut = name.slice(0, EVENT_TEXT_MAX_LENGTH);
  const lastCode = cut.charCodeAt(cut.length - 1);
  return lastCode >= 0xd800 && lastCode <= 0xdbff ? cut.slice(0, -1) : cut;
}
