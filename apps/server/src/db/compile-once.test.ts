import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openTestStore, storeKinds, type TestStore } from '../../test/helpers/stores.js';
import { compileOnce } from './compile-once.js';

type Probe = { probe: { id: string; n: number } };

describe.each(storeKinds)('a query compiled once on %s', (kind) => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  it('builds once and runs with each value in its place', async () => {
    s = await openTestStore(kind);
    const db = s.store.db.withTables<Probe>() as unknown as Kysely<Probe>;
    await db.schema.createTable('probe').addColumn('id', 'text').addColumn('n', 'integer').execute();
    await db
      .insertInto('probe')
      .values([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
        { id: 'b', n: 3 },
      ])
      .execute();
    let built = 0;
    const find = compileOnce((q: Kysely<Probe>, id: string) => {
      built += 1;
      return q.selectFrom('probe').select('n').where('id', '=', id).where('n', '>', 0).orderBy('n');
    });
    expect(await find(db, 'a')).toEqual([{ n: 1 }]);
    expect(await find(db, 'b')).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await find(db, "x' or '1'='1")).toEqual([]);
    expect(built).toBe(1);
    // SQLite answers at once while its connection is free, and waits its turn inside a
    // transaction (whose rows it must not see early); PostgreSQL always answers with a promise.
    // (The store's own Kysely instance, the one its dialect knows: `withTables` makes another.)
    const store = s.store.db as unknown as Kysely<Probe>;
    expect(Array.isArray(find(store, 'a'))).toBe(kind === 'sqlite');
    await store.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ id: 'a', n: 9 }).execute();
      expect(find(store, 'a')).toBeInstanceOf(Promise);
    });
    expect(await find(store, 'a')).toEqual([{ n: 1 }, { n: 9 }]);
  });

  it('refuses a query that does not use its value as one parameter', async () => {
    s = await openTestStore(kind);
    const db = s.store.db.withTables<Probe>() as unknown as Kysely<Probe>;
    const find = compileOnce((q: Kysely<Probe>) => q.selectFrom('probe').select('n'));
    expect(() => find(db, 'a')).toThrow(/exactly once/);
  });
});
