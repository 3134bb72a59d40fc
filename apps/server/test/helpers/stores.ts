import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoreKind } from '@parapet/shared';
import { openStore, type Store } from '../../src/db/open-store.js';

/**
 * Store and API tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is
 * set. Each opened store lives in its own temporary folder or schema and is removed after.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const storeKinds: StoreKind[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestStore {
  store: Store;
  dataDir: string;
  /** Closes the store (if still open) and removes its folder and schema. */
  cleanup(): Promise<void>;
}

export async function openTestStore(kind: StoreKind): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-test-'));
  if (kind === 'sqlite') {
    const store = await openStore({ dataDir });
    return {
      store,
      dataDir,
      cleanup: async () => {
        await store.close().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withClient((client) => client.query(`create schema ${schema}`));
  const store = await openStore({ databaseUrl: testDatabaseUrl(schema), dataDir, schema });
  return {
    store,
    dataDir,
    cleanup: async () => {
      await store.close().catch(() => undefined);
      await withClient((client) => client.query(`drop schema if exists ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test store's connections commit without waiting for PostgreSQL's WAL to reach the disk
 * (`synchronous_commit=off`): what a transaction sees and makes visible is the same, only a crash
 * of PostgreSQL itself could lose the last commits, and no test crashes it. On two busy cores
 * each wait for the disk was a large share of a PostgreSQL test's time (docs/speed.md, "The test
 * run"). The URL's `options` take the place of the store's own (node-postgres reads the URL
 * last), so they name the store's schema too.
 */
function testDatabaseUrl(schema: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  return url.toString();
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
