import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openTestStore, type TestStore } from '../../test/helpers/stores.js';
import { KeptReads } from './kept-reads.js';
import { keptCount } from './kept-rows.js';
import { readKeptOf } from './sqlite-dialect.js';

type Probe = { probe: { g: string; n: number } };
const COUNT = 'select count(*) as n from probe where g = ?';

describe('reads kept while the SQLite file is unchanged', () => {
  let s: TestStore;
  afterEach(() => s.cleanup());

  async function probeStore() {
    s = await openTestStore('sqlite');
    const db = s.store.db as unknown as Kysely<Probe>;
    await db.schema.createTable('probe').addColumn('g', 'text').addColumn('n', 'integer').execute();
    await db.insertInto('probe').values({ g: 'a', n: 1 }).execute();
    const read = readKeptOf(s.store.db);
    if (!read) throw new Error('no kept reader on SQLite');
    return { db, read };
  }

  it('answer from memory until this connection writes anything, then read again', async () => {
    const { db, read } = await probeStore();
    const first = read(COUNT, ['a']);
    expect(first).toEqual([{ n: 1 }]);
    // The same rows, not a fresh read.
    expect(read(COUNT, ['a'])).toBe(first);
    expect(read(COUNT, ['b'])).toEqual([{ n: 0 }]);
    // A write to any row, even one no kept read looked at, forgets them all.
    await db.insertInto('probe').values({ g: 'z', n: 1 }).execute();
    const after = read(COUNT, ['a']);
    expect(after).not.toBe(first);
    await db.insertInto('probe').values({ g: 'a', n: 2 }).execute();
    expect(read(COUNT, ['a'])).toEqual([{ n: 2 }]);
    await db.deleteFrom('probe').where('g', '=', 'a').execute();
    expect(read(COUNT, ['a'])).toEqual([{ n: 0 }]);
    await db.insertInto('probe').values({ g: 'a', n: 3 }).execute();
    await db.updateTable('probe').set({ g: 'b' }).where('g', '=', 'a').execute();
    expect(read(COUNT, ['a'])).toEqual([{ n: 0 }]);
    expect(read(COUNT, ['b'])).toEqual([{ n: 1 }]);
  });

  it('see a commit made through another connection to the file at the next read', async () => {
    const { read } = await probeStore();
    expect(read(COUNT, ['a'])).toEqual([{ n: 1 }]);
    // Another server, or anything else, on the same file.
    const other = new BetterSqlite3(path.join(s.dataDir, 'parapet.db'));
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare("insert into probe (g, n) values ('a', 2)").run();
      expect(read(COUNT, ['a'])).toEqual([{ n: 2 }]);
      other.prepare("delete from probe where g = 'a'").run();
      expect(read(COUNT, ['a'])).toEqual([{ n: 0 }]);
    } finally {
      other.close();
    }
  });

  it('are never made inside a transaction, which sees its own uncommitted rows', async () => {
    const { db, read } = await probeStore();
    expect(read(COUNT, ['a'])).toEqual([{ n: 1 }]);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('probe').values({ g: 'a', n: 2 }).execute();
      expect(read(COUNT, ['a'])).toBeUndefined();
      expect(readKeptOf(trx)).toBeUndefined();
      // A count made inside runs as usual and sees the transaction's row.
      expect(await keptCount(trx, trx.selectFrom('probe').where('g', '=', 'a'))).toBe(2);
    });
    expect(read(COUNT, ['a'])).toEqual([{ n: 2 }]);
  });

  it('hand out frozen rows, since every caller shares them', async () => {
    const { read } = await probeStore();
    const rows = read(COUNT, ['a']) as { n: number }[];
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
  });

  it('start again from empty past their bound', async () => {
    s = await openTestStore('sqlite');
    const file = new BetterSqlite3(path.join(s.dataDir, 'kept.db'));
    try {
      const kept = new KeptReads(file, 2);
      let runs = 0;
      const run = () => {
        runs += 1;
        return [{ runs }];
      };
      kept.read('q', [1], run);
      kept.read('q', [2], run);
      kept.read('q', [1], run);
      expect(runs).toBe(2);
      kept.read('q', [3], run);
      kept.read('q', [1], run);
      expect(runs).toBe(4);
      // Parameters are told apart by value and type, never run together.
      kept.read('q', ['1'], run);
      kept.read('q', ['a\u0000b', 'c'], run);
      kept.read('q', ['a', 'b\u0000c'], run);
      expect(runs).toBe(7);
    } finally {
      file.close();
    }
  });

  it('keep list totals, counted again after a change', async () => {
    const { db } = await probeStore();
    const total = () => keptCount(s.store.db, db.selectFrom('probe').where('g', '=', 'a'));
    expect(await total()).toBe(1);
    await db.insertInto('probe').values({ g: 'a', n: 2 }).execute();
    expect(await total()).toBe(2);
  });
});
