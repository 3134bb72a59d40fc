import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, storeKinds, type TestStore } from '../../test/helpers/stores.js';
import {
  containsIgnoringCase,
  forUpdate,
  forUpdateSkipLocked,
  storeKindOf,
  timeBucket,
  uniqueViolation,
} from './dialect.js';

describe.each(storeKinds)('the store dialect on %s', (kind) => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  it('knows its store from the Kysely instance, inside a transaction too', async () => {
    s = await openTestStore(kind);
    expect(storeKindOf(s.store.db)).toBe(kind);
    expect(await s.store.db.transaction().execute(async (trx) => storeKindOf(trx))).toBe(kind);
  });

  it('buckets epoch-ms times by minute, the same on both engines', async () => {
    s = await openTestStore(kind);
    const db = s.store.db;
    await db.schema.createTable('bucket_probe').addColumn('at', 'bigint').execute();
    const base = Date.UTC(2025, 0, 1, 12, 0, 0);
    const times = [base, base + 1, base + 59_999, base + 60_000, base + 61_500, base + 3 * 60_000 + 5];
    // The probe table is made here, so it is added to the schema's types for this test only.
    const probe = db.withTables<{ bucket_probe: { at: number } }>();
    await probe
      .insertInto('bucket_probe')
      .values(times.map((at) => ({ at })))
      .execute();
    const rows = await probe
      .selectFrom('bucket_probe')
      .select((eb) => [timeBucket(probe, 'at', 60_000).as('minute'), eb.fn.countAll<number | string>().as('n')])
      .groupBy('minute')
      .orderBy('minute')
      .execute();
    expect(rows.map((r) => [Number(r.minute), Number(r.n)])).toEqual([
      [base, 3],
      [base + 60_000, 2],
      [base + 3 * 60_000, 1],
    ]);
    expect(() => timeBucket(probe, 'at', 0)).toThrow();
  });

  it('names the columns of the unique key a write ran into', async () => {
    s = await openTestStore(kind);
    const db = s.store.db;
    await db.insertInto('groups').values({ name: 'acme', plan: 'basic', created_at: 1, updated_at: 1 }).execute();
    const error = await db
      .insertInto('groups')
      .values({ name: 'acme', plan: 'basic', created_at: 1, updated_at: 1 })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(uniqueViolation(error)).toEqual({ columns: ['name'] });
    expect(uniqueViolation(new Error('something else'))).toBeUndefined();
  });

  it('matches case-insensitively with % and _ taken literally, and locks rows where the engine can', async () => {
    s = await openTestStore(kind);
    const db = s.store.db;
    await db
      .insertInto('groups')
      .values([
        { name: 'Big_Shop', plan: 'basic', created_at: 1, updated_at: 1 },
        { name: 'bigxshop', plan: 'basic', created_at: 1, updated_at: 1 },
      ])
      .execute();
    const names = async (search: string) =>
      (
        await db
          .selectFrom('groups')
          .select('name')
          .where(containsIgnoringCase('name', search))
          .orderBy('name')
          .execute()
      ).map((r) => r.name);
    expect(await names('G_S')).toEqual(['Big_Shop']);
    expect(await names('%')).toEqual([]);
    const sqlOf = (query: { compile(): { sql: string } }) => query.compile().sql;
    const plain = db.selectFrom('groups').select('name');
    expect(sqlOf(forUpdate(db, plain)).includes('for update')).toBe(kind === 'postgres');
    expect(sqlOf(forUpdateSkipLocked(db, plain)).includes('skip locked')).toBe(kind === 'postgres');
    expect(
      await db
        .transaction()
        .execute((trx) => forUpdateSkipLocked(trx, trx.selectFrom('groups').select('name')).execute()),
    ).toHaveLength(2);
  });
});
