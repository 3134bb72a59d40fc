import type { SqliteDatabase } from 'kysely';

/**
 * Answers kept at most. A write anywhere empties them all, so in practice they hold what was
 * read since the last write; the bound only matters under a long run of reads of distinct keys
 * (one per session, say), and then they start again from empty.
 */
export const KEPT_READS_MAX = 10_000;

interface Counter {
  all(parameters: readonly unknown[]): unknown[];
}

const NONE: readonly unknown[] = [];

/**
 * Reads answered from memory while the SQLite file is exactly as it was when they were read.
 * Whether it is, SQLite says cheaply: `PRAGMA data_version` changes when another connection
 * (another process, or another handle in this one) has committed since it was last asked, and
 * `total_changes()` counts every row this connection has inserted, updated or deleted. A change
 * to either empties everything kept, whatever table it touched: a revoked session, a changed
 * password or a removed member, made here or through another server on the same file, counts at
 * the next request, with no list of what to forget to keep up to date. The two cost about 2 µs;
 * the session's joined read costs about 8, a count of 10,000 lines about 260.
 *
 * Only for reads made while the connection is free (see `readNow`): inside a transaction the
 * connection sees its own uncommitted rows, which must never be kept.
 */
export class KeptReads {
  readonly #version: Counter;
  readonly #changes: Counter;
  readonly #rows = new Map<string, readonly unknown[]>();
  #mark = '';

  constructor(
    database: SqliteDatabase,
    private readonly max = KEPT_READS_MAX,
  ) {
    this.#version = database.prepare('pragma data_version');
    this.#changes = database.prepare('select total_changes() as n');
  }

  /** The rows of `sql` with `parameters`: kept ones while nothing changed, else `run`'s, kept. */
  read(sql: string, parameters: readonly unknown[], run: () => unknown[]): readonly unknown[] {
    const [version] = this.#version.all(NONE) as [{ data_version: number }];
    const [changes] = this.#changes.all(NONE) as [{ n: number }];
    const mark = `${version.data_version}:${changes.n}`;
    if (mark !== this.#mark) {
      this.#rows.clear();
      this.#mark = mark;
    }
    const key = `${sql}\u0000${JSON.stringify(parameters)}`;
    let rows = this.#rows.get(key);
    if (!rows) {
      // Frozen: every caller shares these rows, and none may change what the next one reads.
      rows = Object.freeze(run().map((row) => Object.freeze(row)));
      if (this.#rows.size >= this.max) this.#rows.clear();
      this.#rows.set(key, rows);
    }
    return rows;
  }
}
