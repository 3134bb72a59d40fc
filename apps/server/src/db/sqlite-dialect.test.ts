import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openTestStore, type TestStore } from '../../test/helpers/stores.js';
import { ConnectionQueue, readNowOf } from './sqlite-dialect.js';

describe('the connection queue', () => {
  it('lets one holder in at a time, the others in the order they came', async () => {
    const queue = new ConnectionQueue();
    const order: number[] = [];
    await queue.lock();
    const waiting = [1, 2, 3].map((n) =>
      queue.lock().then(() => {
        order.push(n);
        queue.unlock();
      }),
    );
    expect(queue.held).toBe(true);
    queue.unlock();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    expect(queue.held).toBe(false);
  });
});

describe('reads straight on the SQLite connection', () => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  it('run while the connection is free, and give way to a transaction that holds it', async () => {
    s = await openTestStore('sqlite');
    const db = s.store.db as unknown as Kysely<{ probe: { n: number } }>;
    await db.schema.createTable('probe').addColumn('n', 'integer').execute();
    const readNow = readNowOf(s.store.db);
    expect(readNow).toBeDefined();
    expect(readNow?.('select count(*) as n from probe', [])).toEqual([{ n: 0 }]);

    let inside: unknown;
    let outside: unknown;
    let waiting: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ n: 1 }).execute();
      // The transaction holds the connection: a direct read would see its uncommitted row.
      inside = readNow?.('select count(*) as n from probe', []);
      waiting = sql<{ n: number }>`select count(*) as n from probe`.execute(db).then((r) => r.rows);
      outside = await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    });
    expect(inside).toBeUndefined();
    expect(outside).toBe('waiting');
    expect(await waiting).toEqual([{ n: 1 }]);
    expect(readNow?.('select count(*) as n from probe', [])).toEqual([{ n: 1 }]);
  });

  it('has no direct reader inside a transaction or on another store', async () => {
    s = await openTestStore('sqlite');
    await s.store.db.transaction().execute(async (trx) => {
      expect(readNowOf(trx)).toBeUndefined();
    });
    expect(readNowOf({})).toBeUndefined();
  });
});
