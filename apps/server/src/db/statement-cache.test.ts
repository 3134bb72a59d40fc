import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from './statement-cache.js';

describe('the SQLite statement cache', () => {
  let file: BetterSqlite3.Database;
  afterEach(() => {
    if (file.open) file.close();
  });

  it('prepares each SQL text once and binds every run afresh', () => {
    file = new BetterSqlite3(':memory:');
    const db = cachingStatements(file);
    file.exec('create table t (id integer, name text)');
    const insert = db.prepare('insert into t values (?, ?)');
    expect(db.prepare('insert into t values (?, ?)')).toBe(insert);
    insert.run([1, 'a']);
    db.prepare('insert into t values (?, ?)').run([2, 'b']);
    const select = 'select name from t where id = ?';
    expect(db.prepare(select).all([1])).toEqual([{ name: 'a' }]);
    expect(db.prepare(select).all([2])).toEqual([{ name: 'b' }]);
  });

  it('keeps at most its size, dropping the least recently used', () => {
    file = new BetterSqlite3(':memory:');
    const db = cachingStatements(file, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    file = new BetterSqlite3(':memory:');
    const db = cachingStatements(file);
    const sql = 'select 1 as n union all select 2';
    const iterating = db.prepare(sql).iterate([]);
    iterating.next();
    expect(db.prepare(sql).all([])).toEqual([{ n: 1 }, { n: 2 }]);
    iterating.return?.();
  });

  it('sees a column added after the statement was kept', () => {
    file = new BetterSqlite3(':memory:');
    const db = cachingStatements(file);
    file.exec('create table t (id integer); insert into t values (1)');
    expect(db.prepare('select * from t').all([])).toEqual([{ id: 1 }]);
    file.exec("alter table t add column name text default 'x'");
    expect(db.prepare('select * from t').all([])).toEqual([{ id: 1, name: 'x' }]);
  });
});
