import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { canonicalClientAddress, type EventFilter, type StoredEvent } from '@parapet/shared';
import { addressKey, addressText } from '../../src/modules/event-store/duckdb-address.js';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../../src/modules/event-store/duckdb-store.js';
import { Random } from '../../src/tools/simulate/prng.js';
import { makeEvent } from './contract.js';

/**
 * Client addresses as numbers (duckdb-address.ts): the lists and series by address that the
 * rollups answer from numbers must be what grouping the text answers (the raw scans), for IPv4
 * and IPv6, for addresses tied on a place (taken by number), and for a file written before the
 * numbers existed.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 20, 6);

/** The simulator's seeded generator: the same addresses every run. */
function sequence(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

/** Addresses of every shape: IPv4, IPv6 with runs of zeros anywhere, top bits set. */
function addresses(count: number, seed: number): string[] {
  const random = sequence(seed);
  const out = ['::', '::1', '1::', 'ffff::', '0.0.0.0', '255.255.255.255', '::102:304', '::ffff:0:0:1'];
  while (out.length < count) {
    if (random() < 0.4) out.push([0, 0, 0, 0].map(() => Math.floor(random() * 256)).join('.'));
    else {
      const groups = Array.from({ length: 8 }, () => (random() < 0.5 ? 0 : Math.floor(random() * 0x10000)));
      out.push(canonicalClientAddress(groups.map((g) => g.toString(16)).join(':'))!);
    }
  }
  return out;
}

describe('client addresses as numbers', () => {
  it('turns every canonical address into its number and back, in the number order of IPv6', () => {
    const texts = addresses(3000, 5);
    for (const text of texts) {
      const [hi, lo] = addressKey(text)!;
      expect(addressText(hi, lo)).toBe(text);
    }
    // IPv4 sits in ::ffff:0:0/96, as its IPv6 form does, and both write as IPv4.
    expect(addressKey('10.1.2.3')).toEqual(addressKey('::ffff:10.1.2.3'));
    expect(addressKey('10.1.2.3')).toEqual([0n, 0xffff_0a01_0203n]);
    expect(addressKey('2001:db8::1')).toEqual([0x2001_0db8_0000_0000n, 1n]);
    expect(addressKey('ffff::')).toEqual([0xffff_0000_0000_0000n, 0n]);
    expect(addressKey('nope')).toBeNull();
  });

  describe('in the store', () => {
    let dir: string;
    let store: DuckDbEventStore;
    const events: StoredEvent[] = [];
    const range = { groupName: 'alpha', from: START + 17_321, to: START + 5 * HOUR - 4_999 };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'parapet-addresses-'));
      store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
      // Over five hours: a few heavy addresses, then many light ones; bytes differ by address.
      const pool = addresses(400, 9);
      const random = sequence(3);
      for (let i = 0; i < 6000; i++) {
        const heavy = random() < 0.3;
        const address = heavy ? pool[Math.floor(random() * 6)]! : pool[6 + Math.floor(random() * (pool.length - 6))]!;
        const timestamp = START + Math.floor(random() * 5 * HOUR);
        events.push({ ...makeEvent('alpha', i), req_id: `a-${i}`, timestamp, client_ip: address, bytes_sent: i % 97 });
      }
      for (let start = 0; start < events.length; start += 1000) await store.insert(events.slice(start, start + 1000));
    });

    afterAll(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const sameAnswers = async (group: string, from: number, to: number) => {
      const raw = store.rawScans();
      const scope = { groupName: group, from, to };
      const byAddress: EventFilter[][] = [
        [],
        [{ field: 'client_ip', op: 'is_not', value: events[0]!.client_ip.toUpperCase() }],
        [{ field: 'client_ip', op: 'exists' }],
      ];
      for (const filters of byAddress) {
        for (const metric of ['requests', 'bytes'] as const) {
          for (const n of [1, 5, 60]) {
            const query = { ...scope, filters, dimension: 'client_ip' as const, n, metric };
            expect(await store.topN(query)).toEqual(await raw.topN(query));
          }
          for (const termSize of [3, 10]) {
            const query = { ...scope, filters, metric, groupBy: 'client_ip' as const, termSize, bucketMs: HOUR };
            expect(await store.timeSeries(query)).toEqual(await raw.timeSeries(query));
          }
        }
      }
      // A filter by one address, in another spelling, over what the rollups answer by address.
      const one: EventFilter[] = [{ field: 'client_ip', op: 'is', value: `::ffff:${events[1]!.client_ip}` }];
      const count = { ...scope, filters: one };
      expect(await store.count(count)).toBe(await raw.count(count));
    };

    it('answers every list and series by address as grouping the text does', async () => {
      await sameAnswers('alpha', range.from, range.to);
      expect(
        (await store.topN({ ...range, filters: [], dimension: 'client_ip', n: 3, metric: 'requests' }))[0]!.value,
      ).toBeGreaterThan(100);
    });

    it('takes addresses tied on a place in the order of their numbers', async () => {
      // One request each from many addresses in an hour of their own: every place is a tie.
      const tied = (group: string, count: number) =>
        addresses(count, 11).map((clientIp, i) => ({
          ...makeEvent(group, i),
          req_id: `${group}-${i}`,
          timestamp: START + 7 * HOUR + i,
          client_ip: clientIp,
        }));
      await store.insert(tied('many', 300));
      await sameAnswers('many', START + 6 * HOUR, START + 9 * HOUR);
      const byNumber = addresses(300, 11).sort((a, b) => {
        const [x, y] = [addressKey(a)!, addressKey(b)!];
        return x[0] === y[0] ? Number(x[1] > y[1]) - Number(x[1] < y[1]) : Number(x[0] > y[0]) - Number(x[0] < y[0]);
      });
      const scope = { groupName: 'many', from: START, to: START + 9 * HOUR, filters: [] };
      const top = await store.topN({ ...scope, dimension: 'client_ip', n: 4, metric: 'requests' });
      expect(top).toEqual(byNumber.slice(0, 4).map((key) => ({ key, value: 1 })));
      // `::` and `::1` first, then IPv4 (in ::ffff:0:0/96): 9.x before 10.x, unlike their text.
      expect(top.map((entry) => entry.key).slice(0, 2)).toEqual(['::', '::1']);
    });

    it('gives a file written before the numbers its numbers, its canonical spellings and its rollups', async () => {
      const before = await store.topN({ ...range, filters: [], dimension: 'client_ip', n: 10, metric: 'bytes' });
      await store.close();
      const file = join(dir, DUCKDB_EVENTS_FILE);
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      const [heaviest] = before;
      const spelled = heaviest!.key.includes(':') ? heaviest!.key.toUpperCase() : `::ffff:${heaviest!.key}`;
      try {
        // As an older file was: no numbers, one address spelled another way, rollups by text.
        for (const column of ['client_ip_hi', 'client_ip_lo'])
          await connection.run(`ALTER TABLE events DROP COLUMN ${column}`);
        await connection.run(`UPDATE events SET client_ip = $1 WHERE client_ip = $2 AND req_id LIKE 'a-1%'`, [
          spelled,
          heaviest!.key,
        ]);
        // And a row no validation let through, in a group of its own: the file must still open.
        await connection.run(
          `INSERT INTO events SELECT * REPLACE ('broken' AS group_name, 'nope' AS client_ip) FROM events WHERE req_id = 'a-5'`,
        );
        for (const table of [
          'events_daily_client_ip',
          'events_6h_client_ip',
          'events_hourly_waf_client_ip',
          'events_hourly_client_ip',
          'events_quarterly_waf_client_ip',
        ]) {
          await connection.run(`DROP TABLE ${table}`);
          await connection.run(
            `CREATE TABLE ${table} (group_name VARCHAR, "timestamp" BIGINT, client_ip VARCHAR, "type" VARCHAR, "action" VARCHAR, requests BIGINT, bytes DOUBLE)`,
          );
        }
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
      store = await openDuckDbEventStore(file);
      await store.close();
      // The rollups summed again are in time order, as batches write them, so a range skips the
      // rest of their row groups.
      const check = await DuckDBInstance.create(file);
      const reading = await check.connect();
      try {
        for (const table of ['events_6h_client_ip', 'events_hourly_client_ip']) {
          const backwards = await reading.runAndReadAll(
            `SELECT count(*) FROM (SELECT "timestamp" < lag("timestamp") OVER (ORDER BY rowid) AS back FROM ${table}) WHERE back`,
          );
          expect(Number(backwards.getRowsJS()[0]![0])).toBe(0);
        }
      } finally {
        reading.closeSync();
        check.closeSync();
      }
      store = await openDuckDbEventStore(file);
      expect(await store.topN({ ...range, filters: [], dimension: 'client_ip', n: 10, metric: 'bytes' })).toEqual(
        before,
      );
      const broken = await store.search({ ...range, groupName: 'broken', filters: [], limit: 10 });
      expect(broken.rows.map((row) => row.client_ip)).toEqual(['nope']);
      const found = await store.search({
        ...range,
        filters: [{ field: 'client_ip', op: 'is', value: heaviest!.key }],
        limit: 1000,
      });
      expect(found.rows.every((row) => row.client_ip === heaviest!.key)).toBe(true);
      await sameAnswers('alpha', range.from, range.to);
    });

    it('goes on with an upgrade that was cut short, the next time the file is opened', async () => {
      await store.close();
      const file = join(dir, DUCKDB_EVENTS_FILE);
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      try {
        await connection.run(`ALTER TABLE events ALTER COLUMN client_ip_hi DROP NOT NULL`).catch(() => undefined);
        await connection.run(`UPDATE events SET client_ip_hi = NULL, client_ip_lo = NULL WHERE req_id LIKE 'a-2%'`);
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
      store = await openDuckDbEventStore(file);
      const missing = await store.count({ ...range, filters: [{ field: 'client_ip', op: 'not_exists' }] });
      expect(missing).toBe(0);
      await sameAnswers('alpha', range.from, range.to);
    });
  });
});
