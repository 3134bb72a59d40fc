import type { SqliteDatabase } from 'kysely';

/**
 * Answers kept at most. A write anywhere empties them all, so in practice they hold what was
 * read since the last write; the bound only matters under a long run of reads of distinct keys
 * (one per session, say), and then they start again from empty.
 */
export const KEPT_READS_MAX = 10_000;

/** A prepared statement answering one number (better-sqlite3's `pluck`). */
interface Counter {
  get(): unknown;
}

/**
 * Reads answered from memory while the SQLite file is exactly as it was when they were read.
 * Whether it is, SQLite says cheaply: `PRAGMA data_version` changes when another connection
 * (another process, or another handle in this one) has committed since it was last asked, and
 * `total_changes()` counts every row this connection has inserted, updated or deleted. A change
 * to either empties everything kept, whatever table it touched: a revoked session, a changed
 * password or a removed member, made here or through another server on the same file, counts at
 * the next request, with no list of what to forget to keep up to date. The two cost a few µs
 * (the first takes and drops SQLite's read lock: two system calls); the session's joined read
 * costs about 8, a count of 10,000 lines about 260.
 *
 * Only for reads made while the connection is free (see `readNow`): inside a transaction the
 * connection sees its own uncommitted rows, which must never be kept.
 */
export class KeptReads {
  readonly #version: Counter;
  readonly #changes: Counter;
  /** By statement, then by its parameters: a statement's text is long, and the same string each time. */
  readonly #rows = new Map<string, Map<string, readonly unknown[]>>();
  #size = 0;
  #version0: unknown;
  #changes0: unknown;

  constructor(
    database: SqliteDatabase,
    private readonly max = KEPT_READS_MAX,
  ) {
    this.#version = pluck(database, 'pragma data_version');
    this.#changes = pluck(database, 'select total_changes()');
  }

  /** The rows of `sql` with `parameters`: kept ones while nothing changed, else `run`'s, kept. */
  read(sql: string, parameters: readonly unknown[], run: () => unknown[]): readonly unknown[] {
    const version = this.#version.get();
    const changes = this.#changes.get();
    if (version !== this.#version0 || changes !== this.#changes0) {
      this.#forget();
      this.#version0 = version;
      this.#changes0 = changes;
    }
    let byParameters = this.#rows.get(sql);
    if (!byParameters) this.#rows.set(sql, (byParameters = new Map()));
    const key = JSON.stringify(parameters);
    let rows = byParameters.get(key);
    if (!rows) {
      // Frozen: every caller shares these rows, and none may change what the next one reads.
      rows = Object.freeze(run().map((row) => Object.freeze(row)));
      if (this.#size >= this.max) this.#forget();
      byParameters.set(key, rows);
      this.#size += 1;
    }
    return rows;
  }

  #forget() {
    for (const byParameters of this.#rows.values()) byParameters.clear();
    this.#size = 0;
  }
}

function pluck(database: SqliteDatabase, sql: string): Counter {
  // Kysely's SqliteDatabase type leaves out better-sqlite3's pluck; every database it is given has it.
  const statement = database.prepare(sql) as unknown as { pluck(on: boolean): Counter };
  return statement.pluck(true);
}
