import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import { KeptReads } from './kept-reads.js';

/** One holder at a time; the others are let in one by one, in the order they came. */
export class ConnectionQueue {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  get held(): boolean {
    return this.#held;
  }

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the lock straight to the next in line, or frees it. */
  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

class QueuedSqliteDriver extends SqliteDriver {
  readonly queue = new ConnectionQueue();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.queue.unlock();
  }
}

/** Runs a read at once and answers its rows, or undefined when the connection is taken. */
export type ReadNow = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

/** As `ReadNow`, with rows that may be shared with other callers (frozen). */
export type ReadKept = (sql: string, parameters: readonly unknown[]) => readonly unknown[] | undefined;

const readers = new WeakMap<Kysely<never>, ReadNow>();
const keptReaders = new WeakMap<Kysely<never>, ReadKept>();

/**
 * Kysely's SQLite dialect with a queue in front of its one connection, and a way round Kysely
 * for the reads of every request. Kysely's own lock makes every waiting query wake up at each
 * release, and all but one go back to waiting; behind this queue it is only ever taken free.
 * A transaction still holds the connection from its begin to its commit.
 */
export class QueuedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig & { database: SqliteDatabase };
  readonly #kept: KeptReads;
  #driver: QueuedSqliteDriver | undefined;

  constructor(config: SqliteDialectConfig & { database: SqliteDatabase }) {
    super(config);
    this.#config = config;
    this.#kept = new KeptReads(config.database);
  }

  override createDriver(): Driver {
    this.#driver = new QueuedSqliteDriver(this.#config);
    return this.#driver;
  }

  /**
   * A read run straight on the connection when nothing holds it: better-sqlite3 runs it to the
   * end before anything else can, which is what taking and releasing the free connection would
   * have done, without Kysely's promises (several per query). While a transaction or another
   * query holds the connection, the read must wait its turn (it would otherwise see a
   * transaction's uncommitted rows), so the caller goes the usual way.
   */
  readonly readNow: ReadNow = (sql, parameters) => {
    if (!this.#driver || this.#driver.queue.held) return undefined;
    return this.#config.database.prepare(sql).all(parameters);
  };

  /** `readNow`, answered from memory while the file is unchanged (kept-reads.ts). */
  readonly readKept: ReadKept = (sql, parameters) => {
    if (!this.#driver || this.#driver.queue.held) return undefined;
    return this.#kept.read(sql, parameters, () => this.#config.database.prepare(sql).all(parameters));
  };

  /** Lets `readNowOf` and `readKeptOf` find this dialect's readers from the Kysely instance made with it. */
  register(db: Kysely<never>): void {
    readers.set(db, this.readNow);
    keptReaders.set(db, this.readKept);
  }
}

/** The direct reader of a store opened on SQLite; undefined on PostgreSQL and inside a transaction. */
export const readNowOf = (db: object): ReadNow | undefined => readers.get(db as Kysely<never>);

/** The kept reader of a store opened on SQLite (kept-reads.ts); undefined where `readNowOf` is. */
export const readKeptOf = (db: object): ReadKept | undefined => keptReaders.get(db as Kysely<never>);
