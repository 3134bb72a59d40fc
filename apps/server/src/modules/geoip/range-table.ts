/**
 * Sorted, disjoint, inclusive address ranges, each naming one entry of a string table. An
 * address is `width` unsigned 32-bit words, most significant first (1 for IPv4, 4 for IPv6), so
 * both families share one layout and no lookup needs a BigInt. Rows are packed in typed arrays:
 * 400,000 IPv4 rows take under 5 MB this way, where objects would take several times that.
 */
export interface RangeTable {
  readonly width: number;
  readonly rows: number;
  /** Row i's first address is starts[i * width .. i * width + width - 1]. */
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  /** Row i's entry in the string table. */
  readonly names: Uint32Array;
}

/** Negative, zero or positive as the address at `a[ai]` is below, at or above the one at `b[bi]`. */
export function compareWords(
  width: number,
  a: ArrayLike<number>,
  ai: number,
  b: ArrayLike<number>,
  bi: number,
): number {
  for (let w = 0; w < width; w++) {
    const x = a[ai + w] ?? 0;
    const y = b[bi + w] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The string-table entry of the range holding `address` (`width` words), or -1 when none does. */
export function findRange(table: RangeTable, address: ArrayLike<number>): number {
  const { width, starts, ends, names } = table;
  // The last row starting at or below the address is the only one that can hold it.
  let low = 0;
  let high = table.rows - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (compareWords(width, starts, mid * width, address, 0) <= 0) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found < 0 || compareWords(width, address, 0, ends, found * width) > 0) return -1;
  return names[found] ?? -1;
}

/**
 * Collects rows in file order into arrays sized for `capacity` rows. A row that continues the
 * previous one (next address, same name) extends it, since neighbouring prefixes of one
 * organisation are common and the merged table is smaller and just as exact.
 */
export class RangeTableBuilder {
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly names: Uint32Array;
  private readonly next: Uint32Array;
  private rows = 0;

  constructor(
    readonly width: number,
    capacity: number,
  ) {
    this.starts = new Uint32Array(capacity * width);
    this.ends = new Uint32Array(capacity * width);
    this.names = new Uint32Array(capacity);
    this.next = new Uint32Array(width);
  }

  /**
   * Adds [start, end] for `name`; false when the row is out of order (it starts below the
   * previous row, or ends before it starts), since the binary search needs sorted rows. A row
   * that overlaps the previous one keeps only its addresses past it: the package's data has
   * such slips (one in the IPv4 file of 2.3.2026061719), and the earlier row's claim is as
   * good as the later one's.
   */
  add(start: Uint32Array, end: Uint32Array, name: number): boolean {
    const { width } = this;
    if (compareWords(width, start, 0, end, 0) > 0) return false;
    const last = this.rows - 1;
    let first: Uint32Array = start;
    if (last >= 0) {
      if (compareWords(width, start, 0, this.starts, last * width) < 0) return false;
      const afterLast = this.afterLast();
      if (compareWords(width, start, 0, this.ends, last * width) <= 0) {
        if (!afterLast || compareWords(width, end, 0, this.ends, last * width) <= 0) return true;
        first = afterLast;
      }
      if (this.names[last] === name && afterLast && compareWords(width, first, 0, afterLast, 0) === 0) {
        this.ends.set(end, last * width);
        return true;
      }
    }
    if (this.rows === this.names.length) throw new RangeError('more rows than the capacity given');
    this.starts.set(first, this.rows * width);
    this.ends.set(end, this.rows * width);
    this.names[this.rows] = name;
    this.rows++;
    return true;
  }

  /** Copies the filled part, so the spare capacity (and what merging saved) is freed. */
  build(): RangeTable {
    const { width, rows } = this;
    return {
      width,
      rows,
      starts: this.starts.slice(0, rows * width),
      ends: this.ends.slice(0, rows * width),
      names: this.names.slice(0, rows),
    };
  }

  /** The address right after the last row's end, or undefined when that end is the last address. */
  private afterLast(): Uint32Array | undefined {
    const { width, next } = this;
    next.set(this.ends.subarray((this.rows - 1) * width, this.rows * width));
    // Add one, carrying from the least significant word.
    for (let w = width - 1; w >= 0; w--) {
      next[w] = ((next[w] ?? 0) + 1) >>> 0;
      if (next[w] !== 0) return next;
    }
    return undefined;
  }
}
