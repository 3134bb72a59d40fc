import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SERVED_FROM_ORIGIN, wafRuleSettingsSchema, type EventFilter, type StoredEvent } from '@parapet/shared';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../../src/modules/event-store/duckdb-store.js';
import { columnsNeeded, planRange, ROLLUPS, type RangePiece } from '../../src/modules/event-store/duckdb-rollups.js';
import { HEADER_COLUMNS } from '../../src/modules/event-store/duckdb-schema.js';
import type { EventStore, TimeSeriesQuery, TopNQuery } from '../../src/modules/event-store/event-store.js';
import { createTrafficGenerator, spreadTimestamps, storedEvent } from '../../src/tools/simulate/traffic-generator.js';

/**
 * The rollups answer exactly what a scan of the raw table answers: every query is asked of the
 * store and of its raw-scan view, over ranges whose ends fall inside minutes and hours.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const END = Date.UTC(2026, 10, 20, 12);
const SPAN = 30 * HOUR;

const lines = [
  {
    groupName: 'acme',
    customerPackage: 'standard',
    lineName: 'shop',
    domains: ['shop.acme.test', 'img.acme.test'],
    rules: [
      {
        ...wafRuleSettingsSchema.parse({ wafAction: '01', wafOwasp: ['41000_sqli'] }),
        ruleName: 'deny_sqli',
        isEnabled: true,
      },
      {
        ...wafRuleSettingsSchema.parse({ wafAction: '08', wafRate: '100/1' }),
        ruleName: 'block_floods',
        isEnabled: true,
      },
    ],
  },
  { groupName: 'other', customerPackage: 'basic', lineName: 'blog', domains: ['blog.other.test'], rules: [] },
];

function traffic(count: number, seed: number): StoredEvent[] {
  const generator = createTrafficGenerator({ seed, lines });
  return [...spreadTimestamps(count, END - SPAN, END, seed)].map((t) => storedEvent(generator.next(t)));
}

const FIREWALL: EventFilter[] = [
  { field: 'type', op: 'is', value: '01' },
  { field: 'action', op: 'exists' },
];

/** Ranges that start and end inside minutes, whole hours, and a range shorter than a minute. */
const RANGES: Array<[from: number, to: number]> = [
  [END - SPAN + 17_321, END - 4_999],
  [END - 25 * HOUR - 7 * MINUTE - 13_000, END - 3 * HOUR + 41_000],
  [END - 2 * HOUR, END - HOUR],
  [END - HOUR - 30_000, END - HOUR + 20_000],
  [END - 61 * MINUTE - 1, END - MINUTE + 1],
];

function seriesQueries(from: number, to: number): TimeSeriesQuery[] {
  const base = { groupName: 'acme', from, to };
  return [
    { ...base, filters: [], bucketMs: HOUR, metric: 'requests' },
    { ...base, filters: [], bucketMs: 15 * MINUTE, metric: 'bytes' },
    { ...base, filters: [], bucketMs: MINUTE, metric: 'requests', groupBy: 'status_class' },
    { ...base, filters: [], bucketMs: 30 * MINUTE, metric: 'requests', groupBy: 'country', termSize: 5 },
    { ...base, filters: FIREWALL, bucketMs: HOUR, metric: 'requests', groupBy: 'action' },
    { ...base, filters: [], bucketMs: HOUR, metric: 'bytes', groupBy: 'served_by' },
    { ...base, filters: [{ field: 'served_by', op: 'is', value: 'cache' }], bucketMs: 2 * HOUR, metric: 'requests' },
    {
      ...base,
      filters: [{ field: 'country', op: 'is_not', value: 'US' }],
      bucketMs: HOUR,
      metric: 'requests',
      groupBy: 'cache_status',
    },
    // Not in any rollup: the raw table answers all of it.
    { ...base, filters: [{ field: 'request_time', op: 'gt', value: 0.2 }], bucketMs: HOUR, metric: 'requests' },
    { ...base, filters: [], bucketMs: HOUR, metric: 'requests', groupBy: 'content_type', termSize: 3 },
    // Firewall events by address at quarter-hours: the rollup of firewall events only.
    { ...base, filters: FIREWALL, bucketMs: 15 * MINUTE, metric: 'requests', groupBy: 'client_ip', termSize: 5 },
    // Buckets finer than a minute: no rollup's grain divides them.
    { ...base, filters: [], bucketMs: 30_000, metric: 'requests', groupBy: 'status_class' },
    // Paths with none of the tabs' filters (the paths alone), and firewall events by address by the hour.
    { ...base, filters: [], bucketMs: HOUR, metric: 'requests', groupBy: 'uri', termSize: 5 },
    { ...base, filters: [], bucketMs: 15 * MINUTE, metric: 'bytes', groupBy: 'uri', termSize: 5 },
    { ...base, filters: FIREWALL, bucketMs: HOUR, metric: 'requests', groupBy: 'client_ip', termSize: 5 },
  ];
}

function topQueries(from: number, to: number): TopNQuery[] {
  const base = { groupName: 'acme', from, to };
  return [
    { ...base, filters: [], dimension: 'country', n: 10, metric: 'requests' },
    { ...base, filters: [], dimension: 'client_ip', n: 10, metric: 'requests' },
    { ...base, filters: FIREWALL, dimension: 'client_ip', n: 5, metric: 'requests' },
    { ...base, filters: FIREWALL, dimension: 'rule', n: 5, metric: 'requests' },
    {
      ...base,
      filters: [{ field: 'cache_status', op: 'is', value: 'HIT' }],
      dimension: 'uri',
      n: 10,
      metric: 'requests',
    },
    {
      ...base,
      filters: [{ field: 'cache_status', op: 'is_not', value: 'HIT' }],
      dimension: 'uri',
      n: 10,
      metric: 'bytes',
    },
    // The Caching tab's uncached list, and what the edge answered itself (the firewall's refusals).
    { ...base, filters: [SERVED_FROM_ORIGIN], dimension: 'uri', n: 10, metric: 'requests' },
    { ...base, filters: [{ field: 'served_by', op: 'is', value: 'edge' }], dimension: 'uri', n: 10, metric: 'bytes' },
    { ...base, filters: [], dimension: 'server_name', n: 10, metric: 'bytes' },
    { ...base, filters: [{ field: 'status', op: 'gt', value: 399 }], dimension: 'status', n: 10, metric: 'requests' },
    { ...base, filters: [], dimension: 'user_agent', n: 3, metric: 'requests' },
    { ...base, filters: [], dimension: 'referer', n: 5, metric: 'bytes' },
    {
      ...base,
      filters: [{ field: 'content_type', op: 'is', value: 'text/html' }],
      dimension: 'isp',
      n: 5,
      metric: 'requests',
    },
    { ...base, filters: FIREWALL, dimension: 'reason', n: 5, metric: 'requests' },
  ];
}

async function expectSameAnswers(store: DuckDbEventStore, raw: EventStore): Promise<void> {
  for (const [from, to] of RANGES) {
    for (const query of seriesQueries(from, to)) {
      expect(await store.timeSeries(query), JSON.stringify(query)).toEqual(await raw.timeSeries(query));
    }
    for (const query of topQueries(from, to)) {
      expect(await store.topN(query), JSON.stringify(query)).toEqual(await raw.topN(query));
    }
    // The event log's "of N entries": a search's count, from the rollups where its filters allow.
    for (const { filters } of seriesQueries(from, to)) {
      const query = { groupName: 'acme', from, to, filters };
      expect(await store.count(query), JSON.stringify(query)).toBe(await raw.count(query));
    }
  }
}

describe('DuckDB rollups', () => {
  let dir: string;
  let store: DuckDbEventStore;
  const events = traffic(12_000, 21);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rollups-'));
    // Folded every few batches, so folded and unfolded rows are both in play.
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE), { foldAfterRows: 1500 });
    for (let i = 0; i < events.length; i += 700) await store.insert(events.slice(i, i + 700));
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans whole hours, quarters and minutes from their rollups, the rest raw', () => {
    const from = END - 3 * HOUR - 90_500;
    const to = END - 20_000;
    const plan = (bucketMs: number | undefined) =>
      planRange(from, to, new Set(['country']), bucketMs).map((p) => [
        p.from - from,
        p.to - from,
        p.rollup?.table ?? 'raw',
      ]);
    // A top-N has no buckets: whole hours, then whole quarters and minutes at each end, then the seconds left.
    expect(plan(undefined)).toEqual([
      [0, 30_500, 'raw'],
      [30_500, 90_500, 'events_minutely'],
      [90_500, 90_500 + 2 * HOUR, 'events_hourly'],
      [90_500 + 2 * HOUR, 90_500 + 2 * HOUR + 45 * MINUTE, 'events_quarterly'],
      [90_500 + 2 * HOUR + 45 * MINUTE, 90_500 + 2 * HOUR + 59 * MINUTE, 'events_minutely'],
      [90_500 + 2 * HOUR + 59 * MINUTE, to - from, 'raw'],
    ]);
    // Minute buckets cannot be cut out of hours.
    expect(plan(MINUTE)).toEqual([
      [0, 30_500, 'raw'],
      [30_500, to - from - 40_000, 'events_minutely'],
      [to - from - 40_000, to - from, 'raw'],
    ]);
    // Buckets of 15 minutes cannot come from hours; a field no rollup holds is read raw.
    expect(planRange(from, to, new Set(['country']), 15 * MINUTE).some((p) => p.rollup?.grainMs === HOUR)).toBe(false);
    expect(planRange(from, to, null, MINUTE)).toEqual([{ from, to, rollup: null }]);
    // An address is read as its number (duckdb-address.ts), which the rollups by address hold.
    const byAddress = columnsNeeded('client_ip', [{ field: 'type', op: 'is', value: '01' }], 'requests');
    expect(byAddress).toEqual(new Set(['client_ip_hi', 'client_ip_lo', 'type']));
    expect(planRange(from, to, byAddress, undefined).map((p) => p.rollup?.table ?? 'raw')).toEqual([
      'raw',
      'events_hourly_client_ip',
      'raw',
    ]);
    // Addresses over days: whole 6-hour blocks, then hours.
    const days = planRange(END - 30 * HOUR - 1, END - 1, columnsNeeded('client_ip', [], 'requests'), undefined);
    expect(days.filter((p) => p.rollup?.table === 'events_6h_client_ip').map((p) => p.to - p.from)).toEqual([
      24 * HOUR,
    ]);
    // The rollup of firewall events alone answers only a query that keeps to them.
    const quarters = (filters: EventFilter[]) =>
      planRange(from, to, columnsNeeded('client_ip', filters, 'requests'), 15 * MINUTE, filters).map(
        (p) => p.rollup?.table ?? 'raw',
      );
    expect(quarters(FIREWALL)).toContain('events_quarterly_waf_client_ip');
    expect(quarters([{ field: 'type', op: 'is_not', value: '01' }])).toEqual(['raw']);
    expect(quarters([])).toEqual(['raw']);
    // Where a request was served from reads the upstream status too; the paths' rollups keep it.
    const uncached = planRange(from, to, columnsNeeded('uri', [SERVED_FROM_ORIGIN], 'requests'), undefined);
    expect(uncached.map((p) => p.rollup?.table ?? 'raw')).toContain('events_hourly_uri');
    // Without the tabs' filters, paths come from the rollups of paths alone, a row per path a bucket.
    const tables = (pieces: RangePiece[]) => pieces.map((p) => p.rollup?.table ?? 'raw');
    expect(tables(planRange(from, to, columnsNeeded('uri', [], 'bytes'), HOUR))).toEqual([
      'raw',
      'events_hourly_uri_alone',
      'events_quarterly_uri_alone',
      'raw',
    ]);
    expect(tables(planRange(from, to, columnsNeeded('uri', [], 'requests'), undefined))).toEqual([
      'raw',
      'events_hourly_uri_alone',
      'events_quarterly_uri_alone',
      'raw',
    ]);
    // Firewall events by address by the hour come from the hourly rollup of firewall events alone.
    const hourly = (filters: EventFilter[]) =>
      tables(planRange(from, to, columnsNeeded('client_ip', filters, 'requests'), HOUR, filters));
    expect(hourly(FIREWALL)).toEqual(['raw', 'events_hourly_waf_client_ip', 'events_quarterly_waf_client_ip', 'raw']);
    expect(hourly([])).toEqual(['raw', 'events_hourly_client_ip', 'raw']);
  });

  it('answers every series and top-N as a scan of the raw table does', async () => {
    await expectSameAnswers(store, store.rawScans());
  });

  it('pages a search over many hours newest first, as a sort of the rows would', async () => {
    const russian = events
      .filter((e) => e.group_name === 'acme' && e.country === 'RU')
      .sort((a, b) => b.timestamp - a.timestamp || (a.req_id < b.req_id ? 1 : -1));
    const seen: StoredEvent[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.search({
        groupName: 'acme',
        from: END - SPAN,
        to: END,
        filters: [{ field: 'country', op: 'is', value: 'RU' }],
        limit: 40,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((e) => e.req_id)).toEqual(russian.map((e) => e.req_id));
    // A rare filter: the only match is hours before the end, found through the widening windows.
    const oldest = events.find((e) => e.group_name === 'acme')!;
    const found = await store.search({
      groupName: 'acme',
      from: END - SPAN,
      to: END,
      filters: [
        { field: 'client_ip', op: 'is', value: oldest.client_ip },
        { field: 'uri', op: 'is', value: oldest.uri },
      ],
      limit: 1000,
    });
    expect(found.rows.at(-1)).toEqual(oldest);
  });

  it('counts a re-sent batch once in the rollups too', async () => {
    const before = await store.topN({
      groupName: 'acme',
      from: END - SPAN,
      to: END,
      filters: [],
      dimension: 'country',
      n: 5,
      metric: 'requests',
    });
    expect((await store.insert(events.slice(0, 2000))).inserted).toBe(0);
    expect(
      await store.topN({
        groupName: 'acme',
        from: END - SPAN,
        to: END,
        filters: [],
        dimension: 'country',
        n: 5,
        metric: 'requests',
      }),
    ).toEqual(before);
  });

  it('purges the rollups with the events, also when the cut falls inside a bucket', async () => {
    const removed = await store.purge({ groupName: 'acme', before: END - 20 * HOUR - 7 * MINUTE - 1234 });
    expect(removed).toBeGreaterThan(0);
    await expectSameAnswers(store, store.rawScans());
    // The other group keeps everything.
    const other = {
      groupName: 'other',
      from: END - SPAN,
      to: END,
      filters: [],
      dimension: 'server_name' as const,
      n: 1,
      metric: 'requests' as const,
    };
    expect(await store.topN(other)).toEqual([
      { key: 'blog.other.test', value: events.filter((e) => e.group_name === 'other').length },
    ]);
  });

  it('sums the rollups, and fills the header columns, of a file written before they existed when it is opened', async () => {
    await store.close();
    const file = join(dir, DUCKDB_EVENTS_FILE);
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    for (const rollup of ROLLUPS) await connection.run(`DROP TABLE ${rollup.table}`);
    for (const column of HEADER_COLUMNS) await connection.run(`ALTER TABLE events DROP COLUMN "${column}"`);
    connection.closeSync();
    instance.closeSync();
    store = await openDuckDbEventStore(file);
    await expectSameAnswers(store, store.rawScans());
  });

  it('leaves a rollup it could not sum again as it was, and sums it at the next open', async () => {
    await store.close();
    const file = join(dir, DUCKDB_EVENTS_FILE);
    const raw = async (work: (connection: DuckDBConnection) => Promise<void>) => {
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      try {
        await work(connection);
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    };
    // A rollup of an older layout, and one event the new layout cannot take (no status).
    await raw(async (connection) => {
      await connection.run('DROP TABLE events_hourly');
      await connection.run('CREATE TABLE events_hourly (group_name VARCHAR, "timestamp" BIGINT, requests BIGINT)');
      await connection.run('ALTER TABLE events ALTER COLUMN status DROP NOT NULL');
      await connection.run(`UPDATE events SET status = NULL WHERE req_id = $1`, [events[0]!.req_id]);
    });
    await expect(openDuckDbEventStore(file)).rejects.toThrow(/NOT NULL/);
    const layout = async () => {
      let columns = '';
      await raw(async (connection) => {
        const reader = await connection.runAndReadAll(
          `SELECT string_agg(column_name, ',' ORDER BY column_index) FROM duckdb_columns() WHERE table_name = 'events_hourly'`,
        );
        columns = String(reader.getRowsJS()[0]![0]);
      });
      return columns;
    };
    expect(await layout()).toBe('group_name,timestamp,requests');
    await raw(async (connection) => {
      await connection.run(`UPDATE events SET status = $1 WHERE req_id = $2`, [events[0]!.status, events[0]!.req_id]);
    });
    // Summed whole this time: left empty in the new layout, it would answer short here.
    store = await openDuckDbEventStore(file);
    await expectSameAnswers(store, store.rawScans());
  });
});

describe('DuckDB rollups fed a trickle', () => {
  let dir: string;
  const file = () => join(dir, DUCKDB_EVENTS_FILE);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rollups-trickle-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function rowsOf(table: string): Promise<number> {
    const instance = await DuckDBInstance.create(file());
    const connection = await instance.connect();
    const rows = Number((await connection.runAndReadAll(`SELECT count(*) FROM ${table}`)).getRowsJS()[0]![0]);
    connection.closeSync();
    instance.closeSync();
    return rows;
  }

  // Thirty inserts, each folding (sixty took 10–30 s alone, past 30 s beside the heavier suites).
  it('folds small batches into the same buckets back to about one row per bucket and key', async () => {
    // A live edge's batches: small, each over the same recent hours, out of order.
    // 30 batches of 100: each insert's statements, not its rows, are most of the time (60
    // batches took 38 s of a CI run), and 30 show the folding as well.
    const events = traffic(3_000, 33);
    const shuffled = events
      .map((event, index) => ({ event, key: (index * 7919) % events.length }))
      .sort((a, b) => a.key - b.key)
      .map(({ event }) => event);
    const store = await openDuckDbEventStore(file(), { foldAfterRows: 500 });
    for (let i = 0; i < shuffled.length; i += 100) await store.insert(shuffled.slice(i, i + 100));
    await expectSameAnswers(store, store.rawScans());
    await store.close();
    // 30 batches each touch most of the 31 hours of both groups: unfolded, the hourly totals
    // would hold about 30 × 50 rows. Folded after every 500 events in buckets
    // already written, at most the last five batches' rows are left over.
    const buckets = new Set(events.map((e) => `${e.group_name} ${Math.floor(e.timestamp / HOUR)}`)).size;
    const rows = await rowsOf('events_hourly_total');
    expect(rows).toBeGreaterThanOrEqual(buckets);
    expect(rows).toBeLessThanOrEqual(buckets * 6);
  }, 120_000);

  it('leaves a back-fill in time order unfolded, but for the buckets two batches share', async () => {
    rmSync(file(), { force: true });
    const events = traffic(6_000, 34);
    const store = await openDuckDbEventStore(file(), { foldAfterRows: 500 });
    for (let i = 0; i < events.length; i += 1000) await store.insert(events.slice(i, i + 1000));
    await expectSameAnswers(store, store.rawScans());
    await store.close();
    const buckets = new Set(events.map((e) => `${e.group_name} ${Math.floor(e.timestamp / HOUR)}`)).size;
    // Six batches in order share at most one hour with the one before: at most one extra row
    // for each group at each of five edges.
    expect(await rowsOf('events_hourly_total')).toBeLessThanOrEqual(buckets + 5 * 2);
  });
});
