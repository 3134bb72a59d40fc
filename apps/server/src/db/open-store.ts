import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { StoreKind } from '@parapet/shared';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { CurrentSchemaPostgresDialect } from './scoped-introspector.js';
import { QueuedSqliteDialect } from './sqlite-dialect.js';
import { cachingStatements } from './statement-cache.js';

export interface Store {
  db: Kysely<Database>;
  kind: StoreKind;
  /** Resolves when the store answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres:// URL; without it the SQLite file `<dataDir>/parapet.db` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests use a throwaway one). */
  schema?: string;
}

const PG_INT8_OID = 20;

/** Opens the store and brings its schema up to date before anything else touches it. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? openPostgres(options.databaseUrl, options.schema) : openSqlite(options.dataDir);
  try {
    await migrateToLatest(store.db, options.databaseUrl ? options.schema : undefined);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openSqlite(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = new BetterSqlite3(path.join(dataDir, 'parapet.db'));
  // WAL lets readers run beside the one writer; FULL sync makes a commit survive power loss.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const dialect = new QueuedSqliteDialect({ database: cachingStatements(file) });
  const db = new Kysely<Database>({ dialect });
  dialect.register(db as unknown as Kysely<never>);
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, schema: string | undefined): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Times are bigint columns; read them back as numbers (epoch ms fits in 2^53).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * In a schema of its own, the migrator is told so: otherwise it takes its bookkeeping tables
 * in any other schema of the database for its own, and skips making them here (seen as
 * "relation kysely_migration_lock does not exist" when test schemas come and go side by side).
 */
async function migrateToLatest(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
