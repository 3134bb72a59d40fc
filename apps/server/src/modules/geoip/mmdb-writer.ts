import type { RangeTable } from './range-table.js';

/**
 * A MaxMind DB (format 2.0) writer, written from the public "MaxMind DB File Format
 * Specification", for databases the edge's nginx reads (libmaxminddb) that no package on the
 * registry ships as mmdb: the ISP database is CSV only (docs/traffic.md, "ISPs"). The file is an
 * IPv6 tree; IPv4 sits at ::a.b.c.d and ::ffff:a.b.c.d leads to the same nodes, as in MaxMind's
 * own databases, so both readers find an IPv4 address under either form.
 */

// Data field types of the specification; types above 7 are "extended" (stored as type - 7).
const UTF8 = 2;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const UINT64 = 9;
const ARRAY = 11;

const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex'); // \xAB\xCD\xEF MaxMind.com

/** Control byte(s): 3 bits of type, 5 bits of size, then the extended type and longer sizes. */
function control(type: number, size: number): Buffer {
  if (size >= 65_821) throw new Error(`a field of ${size} entries or bytes is beyond this writer`);
  let sizeBits = size;
  const longSize: number[] = [];
  if (size >= 285) {
    sizeBits = 30;
    longSize.push((size - 285) >> 8, (size - 285) & 0xff);
  } else if (size >= 29) {
    sizeBits = 29;
    longSize.push(size - 29);
  }
  const typeBytes = type > 7 ? [sizeBits, type - 7] : [(type << 5) | sizeBits];
  return Buffer.from([...typeBytes, ...longSize]);
}

/** A field of the data section, encoded. */
export type MmdbValue = Buffer;

export const mmdbText = (text: string): MmdbValue => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([control(UTF8, bytes.length), bytes]);
};

/** An unsigned integer in as few big-endian bytes as it needs (zero takes none). */
export function mmdbUint(bits: 16 | 32 | 64, value: number): MmdbValue {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  const type = bits === 16 ? UINT16 : bits === 32 ? UINT32 : UINT64;
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

export const mmdbMap = (fields: Record<string, MmdbValue>): MmdbValue =>
  Buffer.concat([
    control(MAP, Object.keys(fields).length),
    ...Object.entries(fields).flatMap(([k, v]) => [mmdbText(k), v]),
  ]);

export const mmdbArray = (items: MmdbValue[]): MmdbValue => Buffer.concat([control(ARRAY, items.length), ...items]);

/**
 * The search tree, as two typed arrays of slots: 0 is "no answer" (the root, node 0, is nobody's
 * child), a positive slot a child node, a negative one the data record -slot - 1. Objects per
 * node would take several hundred MB for the million nodes of the ISP database.
 */
export class MmdbTree {
  private left = new Int32Array(1 << 16);
  private right = new Int32Array(1 << 16);
  private count = 1;

  get nodeCount(): number {
    return this.count;
  }

  slot(node: number, bit: number): number {
    return (bit ? this.right : this.left)[node]!;
  }

  setSlot(node: number, bit: number, value: number): void {
    (bit ? this.right : this.left)[node] = value;
  }

  /**
   * The node reached from `from` by the first `depth` bits of `words` (32-bit words, most
   * significant first), made on the way; an answer met on the way is split, so both halves keep it.
   */
  descend(from: number, words: ArrayLike<number>, depth: number): number {
    let node = from;
    for (let i = 0; i < depth; i++) {
      const bit = bitOf(words, i);
      let next = this.slot(node, bit);
      if (next <= 0) {
        const made = this.make(next);
        this.setSlot(node, bit, made);
        next = made;
      }
      node = next;
    }
    return node;
  }

  /** Answers the network of `prefix` bits at `words` with data record `record`, below `from`. */
  insert(from: number, words: ArrayLike<number>, prefix: number, record: number): void {
    if (prefix < 1) throw new Error('a network of the whole tree is beyond this writer');
    const parent = this.descend(from, words, prefix - 1);
    this.setSlot(parent, bitOf(words, prefix - 1), -record - 1);
  }

  /**
   * Answers every address of [start, end] (`width` words each) with `record`, below `from`, as
   * the fewest networks that cover exactly the range.
   */
  insertRange(from: number, width: number, start: ArrayLike<number>, end: ArrayLike<number>, record: number): void {
    if (width === 1) return this.insertV4Range(from, start[0] ?? 0, end[0] ?? 0, record);
    const bits = width * 32;
    let at = toBig(start, width);
    const last = toBig(end, width);
    const words = new Uint32Array(width);
    while (at <= last) {
      // The widest block that starts at `at` (so is aligned there) and ends within the range.
      const aligned = at === 0n ? bits : (at & -at).toString(2).length - 1;
      const fits = (last - at + 1n).toString(2).length - 1;
      const size = Math.min(aligned, fits, bits - 1);
      fromBig(at, words);
      this.insert(from, words, bits - size, record);
      at += 1n << BigInt(size);
    }
  }

  /** `insertRange` for one 32-bit word, in plain numbers: most ranges are IPv4. */
  private insertV4Range(from: number, start: number, end: number, record: number): void {
    const words = new Uint32Array(1);
    for (let at = start; at <= end;) {
      // At most a /1: the writer has no network of the whole tree.
      const aligned = at === 0 ? 31 : 31 - Math.clz32(at & -at);
      let size = 0;
      while (size < aligned && 2 ** (size + 1) <= end - at + 1) size++;
      words[0] = at;
      this.insert(from, words, 32 - size, record);
      at += 2 ** size;
    }
  }

  /** A new node whose two slots both hold `inherited`. */
  make(inherited: number): number {
    if (this.count === this.left.length) {
      const grow = (a: Int32Array) => {
        const bigger = new Int32Array(a.length * 2);
        bigger.set(a);
        return bigger;
      };
      this.left = grow(this.left);
      this.right = grow(this.right);
    }
    const node = this.count++;
    this.left[node] = inherited;
    this.right[node] = inherited;
    return node;
  }
}

const bitOf = (words: ArrayLike<number>, i: number): number => ((words[i >>> 5] ?? 0) >>> (31 - (i & 31))) & 1;

function toBig(words: ArrayLike<number>, width: number): bigint {
  let value = 0n;
  for (let w = 0; w < width; w++) value = (value << 32n) | BigInt(words[w] ?? 0);
  return value;
}

function fromBig(value: bigint, words: Uint32Array): void {
  let rest = value;
  for (let w = words.length - 1; w >= 0; w--) {
    words[w] = Number(rest & 0xffffffffn);
    rest >>= 32n;
  }
}

/**
 * A fresh node for IPv4 at ::/96, with ::ffff:0:0/96 led to it too. Whatever the tree said of
 * either before (an IPv6 row over ::/8, say) no longer holds there.
 */
export function ipv4Root(tree: MmdbTree): number {
  const v4 = tree.make(0);
  tree.setSlot(tree.descend(0, new Uint32Array(4), 95), 0, v4);
  tree.setSlot(tree.descend(0, Uint32Array.of(0, 0, 0xffff, 0), 95), 1, v4);
  return v4;
}

export interface MmdbMetadata {
  /** `database_type`, which readers report (nginx's geoip2 logs it). */
  readonly databaseType: string;
  readonly description: string;
  /** Seconds since the epoch; fixed by the caller so the same input writes the same bytes. */
  readonly buildEpoch: number;
  /** Bits per tree record; the smallest that fits unless given. */
  readonly recordSize?: 24 | 28 | 32;
}

/** The file: the tree, 16 zero bytes, the data records (each once), then the metadata. */
export function serializeMmdb(tree: MmdbTree, records: readonly MmdbValue[], metadata: MmdbMetadata): Buffer {
  const offsets = new Int32Array(records.length);
  let dataSize = 0;
  records.forEach((record, i) => {
    offsets[i] = dataSize;
    dataSize += record.length;
  });
  const nodeCount = tree.nodeCount;
  const needed = nodeCount + 16 + dataSize;
  const recordSize = metadata.recordSize ?? (needed < 2 ** 24 ? 24 : needed < 2 ** 28 ? 28 : 32);
  if (needed >= 2 ** recordSize) throw new Error(`too large for ${recordSize}-bit records`);
  const valueOf = (slot: number): number => {
    if (slot === 0) return nodeCount;
    if (slot > 0) return slot;
    return nodeCount + 16 + offsets[-slot - 1]!;
  };
  const nodeBytes = recordSize / 4; // two records per node
  const treeBytes = Buffer.alloc(nodeCount * nodeBytes);
  for (let i = 0; i < nodeCount; i++) {
    const left = valueOf(tree.slot(i, 0));
    const right = valueOf(tree.slot(i, 1));
    const at = i * nodeBytes;
    if (recordSize === 32) {
      treeBytes.writeUInt32BE(left, at);
      treeBytes.writeUInt32BE(right, at + 4);
      continue;
    }
    treeBytes.writeUIntBE(left & 0xffffff, at, 3);
    treeBytes.writeUIntBE(right & 0xffffff, at + nodeBytes - 3, 3);
    // 28-bit records keep their top 4 bits in the middle byte: left's high nibble, right's low.
    if (recordSize === 28) treeBytes[at + 3] = ((left >>> 24) << 4) | (right >>> 24);
  }
  const meta = mmdbMap({
    binary_format_major_version: mmdbUint(16, 2),
    binary_format_minor_version: mmdbUint(16, 0),
    build_epoch: mmdbUint(64, metadata.buildEpoch),
    database_type: mmdbText(metadata.databaseType),
    description: mmdbMap({ en: mmdbText(metadata.description) }),
    ip_version: mmdbUint(16, 6),
    languages: mmdbArray([mmdbText('en')]),
    node_count: mmdbUint(32, nodeCount),
    record_size: mmdbUint(16, recordSize),
  });
  return Buffer.concat([treeBytes, Buffer.alloc(16), ...records, METADATA_MARKER, meta]);
}

/** Range tables (range-table.ts) of IPv4 and IPv6 as one database; row i answers `records[names[i]]`. */
export function buildRangeMmdb(
  tables: { readonly ipv4: RangeTable; readonly ipv6: RangeTable },
  records: readonly MmdbValue[],
  metadata: MmdbMetadata,
): Buffer {
  const tree = new MmdbTree();
  const place = (from: number, table: RangeTable) => {
    const { width, starts, ends, names } = table;
    for (let row = 0; row < table.rows; row++) {
      const start = starts.subarray(row * width, row * width + width);
      const end = ends.subarray(row * width, row * width + width);
      tree.insertRange(from, width, start, end, names[row]!);
    }
  };
  // IPv6 first, then the IPv4 node (which replaces whatever IPv6 rows said of ::/96 and
  // ::ffff:0:0/96: neither is an IPv6 network of anyone's), then IPv4 below it.
  place(0, tables.ipv6);
  place(ipv4Root(tree), tables.ipv4);
  return serializeMmdb(tree, records, metadata);
}
