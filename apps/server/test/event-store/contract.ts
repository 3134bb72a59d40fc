import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EVENT_FACTS_FIELDS,
  canonicalClientAddress,
  storedEventSchema,
  type EventFilter,
  type StoredEvent,
} from '@parapet/shared';
import {
  EVENT_DEDUPE_WINDOW_MS,
  EventQueryError,
  type CountQuery,
  type EventStore,
  type EventRange,
} from '../../src/modules/event-store/event-store.js';

/**
 * The behaviour every EventStore owes (ARCHITECTURE §8), written once and run on each store:
 * DuckDB in duckdb-store.test.ts, ClickHouse (on chdb) in clickhouse-store.test.ts. Call it
 * inside a describe; its tests share one store, filled once, and run in order.
 */

export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 0, 1);
const COUNTRIES = ['US', 'CN', 'DE', ''] as const;
const STATUSES = [200, 200, 301, 404, 403, 502] as const;
const CACHE = ['HIT', 'MISS', '-'] as const;

/** Row i of a group: four rows share each minute, so equal timestamps are common. */
export function makeEvent(group: string, i: number): StoredEvent {
  const status = STATUSES[i % STATUSES.length] ?? 200;
  const blocked = status === 403;
  return storedEventSchema.parse({
    req_id: `${group}-${String(i).padStart(4, '0')}`,
    timestamp: T0 + (i % 60) * MINUTE,
    server_name: `${group}.example.com`,
    host: `${group}.example.com`,
    client_ip: canonicalClientAddress(i % 2 ? `10.0.0.${i % 250}` : `2001:db8::${i.toString(16)}`),
    country: COUNTRIES[i % COUNTRIES.length],
    status,
    upstream_status: blocked ? null : status,
    action: blocked ? '01' : '',
    type: blocked ? '01' : '',
    rule: blocked ? 'block_bots' : '',
    uri: `/page/${i % 7}`,
    args: i % 3 ? `q=${i}` : '',
    server_port: i % 2 ? 443 : null,
    req_headers: {
      'user-agent': 'Probe/1.0',
      'x-trace': `Trace-${i}`,
      ...(i % 4 === 0 ? { referer: 'https://ref.example/', accept: 'Text/HTML;q=0.9, */*' } : {}),
    },
    request_time: i / 100,
    upstream_response_time: i % 5 === 0 ? null : i / 200,
    bytes_sent: i * 10,
    cache_status: CACHE[i % CACHE.length],
    group_name: group,
    customer_package: `${group}-package`,
  });
}

const alpha = Array.from({ length: 240 }, (_, i) => makeEvent('alpha', i));
const beta = Array.from({ length: 60 }, (_, i) => makeEvent('beta', i));
export const ALL: EventRange = { groupName: 'alpha', from: T0, to: T0 + 60 * MINUTE, filters: [] };
const sum = (events: StoredEvent[], bytes = false) =>
  events.reduce((total, event) => total + (bytes ? event.bytes_sent : 1), 0);

export interface ContractOptions {
  /** Opens an empty store; called once, before the first test. */
  open: () => Promise<EventStore>;
  /** Runs after the store is closed (say, to remove its files). */
  cleanup?: () => Promise<void> | void;
}

/** What a store's own tests, defined after the contract, reach: the shared store and a count. */
export interface ContractContext {
  /** The store the contract filled; a test may close it and put a reopened one here. */
  store: EventStore;
  /** alpha's requests over the whole range with these filters. */
  total(filters: EventFilter[]): Promise<number>;
}

export function defineEventStoreContract(options: ContractOptions): ContractContext {
  let store!: EventStore;
  const total = async (filters: EventFilter[]) =>
    (await store.timeSeries({ ...ALL, filters, bucketMs: 60 * MINUTE, metric: 'requests' }))[0]?.value ?? 0;
  const context: ContractContext = {
    get store() {
      return store;
    },
    set store(next) {
      store = next;
    },
    total,
  };

  beforeAll(async () => {
    store = await options.open();
    expect(await store.insert(alpha.slice(0, 200))).toEqual({ inserted: 200, duplicates: 0 });
    expect(await store.insert([...alpha.slice(200), ...beta])).toEqual({ inserted: 100, duplicates: 0 });
  });

  afterAll(async () => {
    await store.close();
    await options.cleanup?.();
  });

  it('stores a req_id once, within a batch and across batches', async () => {
    const fresh = makeEvent('gamma', 0);
    // The same req_id at a time inside the dedupe window is still the same request.
    const moved = { ...alpha[0]!, timestamp: T0 + EVENT_DEDUPE_WINDOW_MS, uri: '/moved' };
    expect(await store.insert([fresh, fresh, moved, alpha[1]!])).toEqual({ inserted: 1, duplicates: 3 });
    expect(await store.insert(alpha.slice(0, 50))).toEqual({ inserted: 0, duplicates: 50 });
    expect((await store.search({ ...ALL, reqId: alpha[0]!.req_id, limit: 10 })).rows).toEqual([alpha[0]]);
    const gamma = { ...ALL, groupName: 'gamma' };
    expect((await store.search({ ...gamma, limit: 10 })).rows).toEqual([fresh]);
    // Past the window the check no longer looks (its cost must not grow with the store).
    const later = { ...fresh, timestamp: fresh.timestamp + EVENT_DEDUPE_WINDOW_MS + 1 };
    const near = { ...fresh, req_id: 'gamma-near', timestamp: fresh.timestamp + 1 };
    // Each record is checked against its own window, not the whole batch's span.
    expect(await store.insert([later, near])).toEqual({ inserted: 2, duplicates: 0 });
    expect(await store.purge({ groupName: 'gamma', before: Number.MAX_SAFE_INTEGER })).toBe(3);
    expect(await store.topN({ ...ALL, dimension: 'server_name', n: 5, metric: 'requests' })).toEqual([
      { key: 'alpha.example.com', value: 240 },
    ]);
  });

  it("keeps a req_id apart per group: another group's request of the same id is its own", async () => {
    // kappa's events carry ids alpha already stored, at the same times: in a batch of their own,
    // and in a batch beside alpha's repeats and a repeat of their own.
    const kappa = (i: number) => ({ ...makeEvent('kappa', i), req_id: alpha[i]!.req_id });
    expect(await store.insert([kappa(0)])).toEqual({ inserted: 1, duplicates: 0 });
    expect(await store.insert([alpha[1]!, kappa(1), kappa(1), kappa(0)])).toEqual({ inserted: 1, duplicates: 3 });
    const kappaRange = { ...ALL, groupName: 'kappa' };
    expect((await store.search({ ...kappaRange, reqId: alpha[1]!.req_id, limit: 5 })).rows).toEqual([kappa(1)]);
    expect((await store.search({ ...ALL, reqId: alpha[1]!.req_id, limit: 5 })).rows).toEqual([alpha[1]]);
    expect(await store.purge({ groupName: 'kappa', before: Number.MAX_SAFE_INTEGER })).toBe(2);
  });

  it('stores nothing of a batch that fails', async () => {
    const good = makeEvent('epsilon', 1);
    // Enough rows ahead of the broken one that a store writing in chunks would have written some.
    const filler = Array.from({ length: 5000 }, (_, i) => ({ ...good, req_id: `epsilon-fill-${i}` }));
    const broken = { ...makeEvent('epsilon', 2), uri: null } as unknown as StoredEvent;
    await expect(store.insert([good, ...filler, broken])).rejects.toThrow();
    const epsilon = { ...ALL, groupName: 'epsilon' };
    expect((await store.search({ ...epsilon, limit: 10 })).rows).toEqual([]);
    // The store still works, and the good row goes in when sent again.
    expect(await store.insert([good])).toEqual({ inserted: 1, duplicates: 0 });
    expect(await store.purge({ groupName: 'epsilon', before: Number.MAX_SAFE_INTEGER })).toBe(1);
  });

  it('keeps a client address in its one spelling, and finds it by any', async () => {
    const at = (i: number, clientIp: string) => ({ ...makeEvent('delta', i), client_ip: clientIp });
    const spelled = [
      at(0, '2001:DB8:0:0:0:0:0:A'),
      at(1, '2001:db8::a'),
      at(2, '2001:0db8::000a'),
      at(3, '::ffff:10.9.8.7'),
      at(4, '10.9.8.7'),
      at(5, '2001:db8:0:0:1:0:0:1'),
      at(6, '10.0.0.10'),
      at(7, '9.9.9.9'),
    ];
    expect(await store.insert(spelled)).toEqual({ inserted: 8, duplicates: 0 });
    const delta = { ...ALL, groupName: 'delta' };
    const stored = (await store.search({ ...delta, limit: 10 })).rows.map((row) => row.client_ip).sort();
    expect(stored).toEqual([
      '10.0.0.10',
      '10.9.8.7',
      '10.9.8.7',
      '2001:db8::1:0:0:1',
      '2001:db8::a',
      '2001:db8::a',
      '2001:db8::a',
      '9.9.9.9',
    ]);
    // Addresses tied on a place go by their number (an IPv4 address as ::ffff:a.b.c.d), not their text.
    expect(await store.topN({ ...delta, dimension: 'client_ip', n: 5, metric: 'requests' })).toEqual([
      { key: '2001:db8::a', value: 3 },
      { key: '10.9.8.7', value: 2 },
      { key: '9.9.9.9', value: 1 },
      { key: '10.0.0.10', value: 1 },
      { key: '2001:db8::1:0:0:1', value: 1 },
    ]);
    const tied = await store.timeSeries({
      ...delta,
      bucketMs: 60 * MINUTE,
      metric: 'requests',
      groupBy: 'client_ip',
      termSize: 3,
    });
    expect(tied.map((point) => point.key)).toEqual(['10.9.8.7', '2001:db8::a', '9.9.9.9']);
    const series = await store.timeSeries({
      ...delta,
      bucketMs: 60 * MINUTE,
      metric: 'requests',
      groupBy: 'client_ip',
      termSize: 1,
    });
    expect(series).toEqual([{ bucket: T0, key: '2001:db8::a', value: 3 }]);
    for (const value of ['2001:DB8::A', '::FFFF:10.9.8.7']) {
      const filters: EventFilter[] = [{ field: 'client_ip', op: 'is', value }];
      const found = (await store.search({ ...delta, filters, limit: 10 })).rows.length;
      expect(await store.count({ ...delta, filters })).toBe(found);
      const counted = await store.timeSeries({ ...delta, filters, bucketMs: 60 * MINUTE, metric: 'requests' });
      expect(counted).toEqual([{ bucket: T0, key: null, value: found }]);
      const notIt = await store.count({ ...delta, filters: [{ ...filters[0]!, op: 'is_not' }] });
      expect(found + notIt).toBe(8);
    }
    // Text that is no address fails its batch: only a caller that skipped validation sends it.
    await expect(store.insert([at(8, 'nope')])).rejects.toThrow(/client_ip/);
    expect(await store.purge({ groupName: 'delta', before: Number.MAX_SAFE_INTEGER })).toBe(8);
  });

  it('sums bytes past what a 64-bit integer holds, without failing or wrapping', async () => {
    // A record may say it sent up to 2^53 bytes; 1,100 of them in one bucket pass 2^63.
    const huge = Array.from({ length: 1100 }, (_, i) => ({
      ...makeEvent('zeta', i),
      timestamp: T0,
      bytes_sent: Number.MAX_SAFE_INTEGER,
    }));
    expect(await store.insert(huge)).toEqual({ inserted: 1100, duplicates: 0 });
    const zeta = { ...ALL, groupName: 'zeta' };
    const [bucket] = await store.timeSeries({ ...zeta, bucketMs: 60 * MINUTE, metric: 'bytes' });
    expect(bucket!.value / (1100 * Number.MAX_SAFE_INTEGER)).toBeCloseTo(1, 12);
    const top = await store.topN({ ...zeta, dimension: 'country', n: 10, metric: 'bytes' });
    expect(top.reduce((sum, row) => sum + row.value, 0) / (1100 * Number.MAX_SAFE_INTEGER)).toBeCloseTo(1, 12);
    expect(await store.purge({ groupName: 'zeta', before: Number.MAX_SAFE_INTEGER })).toBe(1100);
  });

  it('answers a time series by bucket, without and with a group-by', async () => {
    const series = await store.timeSeries({ ...ALL, bucketMs: 10 * MINUTE, metric: 'requests' });
    expect(series).toEqual(
      Array.from({ length: 6 }, (_, b) => ({ bucket: T0 + b * 10 * MINUTE, key: null, value: 40 })),
    );
    const bytes = await store.timeSeries({ ...ALL, bucketMs: 60 * MINUTE, metric: 'bytes' });
    expect(bytes).toEqual([{ bucket: T0, key: null, value: sum(alpha, true) }]);

    const byCountry = await store.timeSeries({ ...ALL, bucketMs: 30 * MINUTE, metric: 'requests', groupBy: 'country' });
    // Worked out from the rows themselves: bucket = start of the half hour, key = country.
    const expected = new Map<string, { bucket: number; key: string; value: number }>();
    for (const e of alpha) {
      const bucket = e.timestamp - ((e.timestamp - T0) % (30 * MINUTE));
      const point = expected.get(`${bucket}/${e.country}`) ?? { bucket, key: e.country, value: 0 };
      point.value += 1;
      expected.set(`${bucket}/${e.country}`, point);
    }
    const order = (a: { bucket: number; key: string }, b: { bucket: number; key: string }) =>
      a.bucket - b.bucket || (a.key < b.key ? -1 : 1);
    expect(byCountry).toEqual([...expected.values()].sort(order));
    expect(byCountry).toHaveLength(8);
  });

  it('groups by status class', async () => {
    const classes = await store.timeSeries({
      ...ALL,
      bucketMs: 60 * MINUTE,
      metric: 'requests',
      groupBy: 'status_class',
    });
    // Statuses cycle 200, 200, 301, 404, 403, 502 over 240 rows: 40 of each slot.
    expect(classes).toEqual([
      { bucket: T0, key: '2xx', value: 80 },
      { bucket: T0, key: '3xx', value: 40 },
      { bucket: T0, key: '4xx', value: 80 },
      { bucket: T0, key: '5xx', value: 40 },
    ]);
    const filtered = await store.timeSeries({
      ...ALL,
      bucketMs: 60 * MINUTE,
      metric: 'requests',
      filters: [{ field: 'status_class', op: 'is', value: '4xx' }],
    });
    expect(filtered).toEqual([{ bucket: T0, key: null, value: 80 }]);
  });

  it('groups by the computed dimensions: served by, referer and content type', async () => {
    const top = (dimension: 'served_by' | 'referer' | 'content_type') =>
      store.topN({ ...ALL, dimension, n: 5, metric: 'requests' });
    // cache_status cycles HIT, MISS, '-': a third is served by the cache. Of the rest, the 403s
    // (every sixth row) never reached an origin (no upstream status): the edge answered them.
    expect(await top('served_by')).toEqual([
      { key: 'origin', value: 120 },
      { key: 'cache', value: 80 },
      { key: 'edge', value: 40 },
    ]);
    const servedBy = (value: string) =>
      store.topN({
        ...ALL,
        dimension: 'status',
        n: 10,
        metric: 'requests',
        filters: [{ field: 'served_by', op: 'is', value }],
      });
    expect(await servedBy('edge')).toEqual([{ key: '403', value: 40 }]);
    expect((await servedBy('origin')).map((row) => row.key).sort()).toEqual(['200', '301', '502']);
    expect(await top('referer')).toEqual([
      { key: '', value: 180 },
      { key: 'https://ref.example/', value: 60 },
    ]);
    expect(await top('content_type')).toEqual([
      { key: '', value: 180 },
      { key: 'text/html', value: 60 },
    ]);
  });

  it('keeps only the largest terms of a grouped series when asked', async () => {
    const series = await store.timeSeries({
      ...ALL,
      bucketMs: 60 * MINUTE,
      metric: 'requests',
      groupBy: 'status',
      termSize: 2,
    });
    // 200 has 80 rows; 301, 403, 404 and 502 have 40 each, so the tie is broken by key.
    expect(series).toEqual([
      { bucket: T0, key: '200', value: 80 },
      { bucket: T0, key: '301', value: 40 },
    ]);
    const bytes = await store.timeSeries({
      ...ALL,
      bucketMs: 60 * MINUTE,
      metric: 'bytes',
      groupBy: 'served_by',
      termSize: 1,
    });
    expect(bytes).toEqual([
      {
        bucket: T0,
        key: 'origin',
        value: sum(
          alpha.filter((e) => e.cache_status !== 'HIT' && e.upstream_status !== null),
          true,
        ),
      },
    ]);
    await expect(
      store.timeSeries({ ...ALL, bucketMs: MINUTE, metric: 'requests', groupBy: 'status', termSize: 0 }),
    ).rejects.toBeInstanceOf(EventQueryError);
  });

  it('keeps a key with no value among the largest terms of a grouped series', async () => {
    // theta: two events that never reached an origin (no upstream status), one that did.
    const theta = [0, 2, 1].map((i) => ({ ...makeEvent('theta', i), upstream_status: i === 1 ? 200 : null }));
    await store.insert(theta);
    const range = { ...ALL, groupName: 'theta', bucketMs: 60 * MINUTE, metric: 'requests' as const };
    const grouped = { ...range, groupBy: 'upstream_status' as const };
    expect(await store.timeSeries({ ...grouped, termSize: 1 })).toEqual([{ bucket: T0, key: null, value: 2 }]);
    const both = await store.timeSeries({ ...grouped, termSize: 2 });
    expect(both).toEqual(await store.timeSeries(grouped));
    expect(both.reduce((total, point) => total + point.value, 0)).toBe(3);
    await store.purge({ groupName: 'theta', before: Number.MAX_SAFE_INTEGER });
  });

  it('applies every filter operator', async () => {
    const count = (keep: (e: StoredEvent) => boolean) => alpha.filter(keep).length;
    expect(await total([{ field: 'country', op: 'is', value: 'CN' }])).toBe(60);
    expect(await total([{ field: 'country', op: 'is_not', value: 'CN' }])).toBe(180);
    expect(await total([{ field: 'country', op: 'exists' }])).toBe(180);
    expect(await total([{ field: 'country', op: 'not_exists' }])).toBe(60);
    expect(await total([{ field: 'upstream_response_time', op: 'exists' }])).toBe(192);
    expect(await total([{ field: 'upstream_response_time', op: 'not_exists' }])).toBe(48);
    expect(await total([{ field: 'request_time', op: 'gt', value: 1.5 }])).toBe(count((e) => e.request_time > 1.5));
    expect(await total([{ field: 'request_time', op: 'lt', value: 0.5 }])).toBe(50);
    expect(await total([{ field: 'status', op: 'is', value: 403 }])).toBe(40);
    expect(await total([{ field: 'bytes_sent', op: 'gt', value: 1000 }])).toBe(139);
    expect(await total([{ field: 'upstream_status', op: 'is_not', value: '502' }])).toBe(200);
    // The columns outside the dimensions filter too (GLOSSARY §7: every field), from the raw rows.
    expect(await total([{ field: 'args', op: 'is', value: 'q=7' }])).toBe(1);
    expect(await total([{ field: 'args', op: 'not_exists' }])).toBe(count((e) => e.args === ''));
    expect(await total([{ field: 'server_port', op: 'is', value: '443' }])).toBe(120);
    expect(await total([{ field: 'server_port', op: 'not_exists' }])).toBe(120);
    expect(await total([{ field: 'customer_package', op: 'is', value: 'alpha-package' }])).toBe(240);
    expect(await total([{ field: 'origin_host_resolve', op: 'exists' }])).toBe(0);
    expect(await total([{ field: 'request_url', op: 'is_not', value: 'x' }])).toBe(240);
    // Filters combine with AND.
    expect(
      await total([
        { field: 'action', op: 'is', value: '01' },
        { field: 'country', op: 'is', value: 'US' },
        { field: 'status', op: 'lt', value: 500 },
      ]),
    ).toBe(count((e) => e.action === '01' && e.country === 'US'));
  });

  it('answers the top N, largest first, at most n', async () => {
    const top = await store.topN({ ...ALL, dimension: 'uri', n: 3, metric: 'requests' });
    // 240 rows over 7 pages: /page/0 and /page/1 have 35, the others 34; ties go by key.
    expect(top).toEqual([
      { key: '/page/0', value: 35 },
      { key: '/page/1', value: 35 },
      { key: '/page/2', value: 34 },
    ]);
    const bytes = await store.topN({ ...ALL, dimension: 'cache_status', n: 10, metric: 'bytes' });
    const expected = ['HIT', 'MISS', '-']
      .map((key) => ({
        key,
        value: sum(
          alpha.filter((e) => e.cache_status === key),
          true,
        ),
      }))
      .sort((a, b) => b.value - a.value);
    expect(bytes).toEqual(expected);
  });

  it('pages a search newest first with a keyset cursor, losing and repeating nothing', async () => {
    const expected = [...alpha]
      .sort((a, b) => b.timestamp - a.timestamp || (a.req_id < b.req_id ? 1 : -1))
      .map((e) => e.req_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.search({ ...ALL, limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page.rows.length).toBeLessThanOrEqual(7);
      seen.push(...page.rows.map((row) => row.req_id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(240 / 7));
  });

  it('finds one request by req_id and deep-searches uri, args and headers', async () => {
    const one = await store.search({ ...ALL, reqId: 'alpha-0123', limit: 10 });
    expect(one).toEqual({ rows: [alpha[123]], nextCursor: null });
    // Header values, case-insensitive: Trace-17 and Trace-170..179.
    const byHeader = await store.search({ ...ALL, text: 'TRACE-17', limit: 50 });
    expect(byHeader.rows.map((r) => r.req_id).sort()).toEqual(
      ['alpha-0017', ...Array.from({ length: 10 }, (_, i) => `alpha-017${i}`)].sort(),
    );
    const byArgs = await store.search({ ...ALL, text: 'Q=232', limit: 50 });
    expect(byArgs.rows.map((r) => r.req_id)).toEqual(['alpha-0232']);
    const byUri = await store.search({ ...ALL, text: '/PAGE/6', limit: 100 });
    expect(byUri.rows).toHaveLength(34);
  });

  it('counts what a search pages through: range and filters, a req_id, a Deep Search text', async () => {
    const cn: EventFilter[] = [{ field: 'country', op: 'is', value: 'CN' }];
    const late = { ...ALL, from: T0 + 45 * MINUTE + 1 };
    /** Every row of every page of the search, as the event log pages it. */
    const paged = async (query: CountQuery) => {
      let rows = 0;
      let cursor: string | undefined;
      do {
        const page = await store.search({ ...query, limit: 50, ...(cursor ? { cursor } : {}) });
        rows += page.rows.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return rows;
    };
    const queries: Array<[CountQuery, number]> = [
      [ALL, 240],
      [{ ...ALL, filters: cn }, 60],
      [late, alpha.filter((e) => e.timestamp >= late.from).length],
      [
        { ...ALL, filters: [{ field: 'request_time', op: 'gt', value: 1.5 }] },
        alpha.filter((e) => e.request_time > 1.5).length,
      ],
      [{ ...ALL, reqId: 'alpha-0123' }, 1],
      [{ ...ALL, reqId: 'alpha-0123', filters: cn }, alpha[123]!.country === 'CN' ? 1 : 0],
      [{ ...late, reqId: 'alpha-0001' }, 0],
      [{ ...ALL, text: 'TRACE-17' }, 11],
      [{ ...ALL, text: '/PAGE/6', filters: cn }, alpha.filter((e) => e.uri === '/page/6' && e.country === 'CN').length],
      // Another group's id, text or rows count nothing here.
      [{ ...ALL, reqId: 'beta-0001' }, 0],
      [{ ...ALL, groupName: 'beta' }, 60],
      [{ ...ALL, groupName: 'nobody', text: 'probe' }, 0],
    ];
    for (const [query, expected] of queries) {
      expect(await store.count(query), JSON.stringify(query)).toBe(expected);
      expect(await paged(query), JSON.stringify(query)).toBe(expected);
    }
    await expect(store.count({ ...ALL, from: 0.5 })).rejects.toBeInstanceOf(EventQueryError);
    await expect(store.count({ ...ALL, reqId: 'alpha-0123', to: Number.NaN })).rejects.toBeInstanceOf(EventQueryError);
  });

  it('samples a range by the MD5 of each req_id, the same events on every store', async () => {
    // The order is the text's, not the time's: a sample is spread over the range as the events are.
    const md5 = (event: StoredEvent) => createHash('md5').update(event.req_id).digest('hex');
    // Only the fields a rule is judged on come back.
    const facts = (event: StoredEvent) => Object.fromEntries(EVENT_FACTS_FIELDS.map((name) => [name, event[name]]));
    const byHash = (events: StoredEvent[]) => [...events].sort((a, b) => (md5(a) < md5(b) ? -1 : 1)).map(facts);
    expect(await store.sample({ ...ALL, limit: 30 })).toEqual(byHash(alpha).slice(0, 30));
    // The range, its filters and its group bound it; a limit past its events answers them all.
    const late = { ...ALL, from: T0 + 45 * MINUTE };
    const lateEvents = alpha.filter((event) => event.timestamp >= late.from);
    expect(await store.sample({ ...late, limit: 10 })).toEqual(byHash(lateEvents).slice(0, 10));
    const cn: EventFilter[] = [{ field: 'country', op: 'is', value: 'CN' }];
    const cnEvents = alpha.filter((event) => event.country === 'CN');
    expect(await store.sample({ ...ALL, filters: cn, limit: 500 })).toEqual(byHash(cnEvents));
    expect(await store.sample({ ...ALL, groupName: 'beta', limit: 500 })).toEqual(byHash(beta));
    await expect(store.sample({ ...ALL, limit: 0 })).rejects.toBeInstanceOf(EventQueryError);
  });

  it("never answers another group's rows", async () => {
    const page = await store.search({ ...ALL, text: 'probe', limit: 1000 });
    expect(page.rows).toHaveLength(240);
    expect(page.rows.every((row) => row.group_name === 'alpha')).toBe(true);
    expect(await store.search({ ...ALL, reqId: 'beta-0001', limit: 10 })).toEqual({ rows: [], nextCursor: null });
    const betaSeries = await store.timeSeries({ ...ALL, groupName: 'beta', bucketMs: 60 * MINUTE, metric: 'bytes' });
    expect(betaSeries).toEqual([{ bucket: T0, key: null, value: sum(beta, true) }]);
    expect(await store.topN({ ...ALL, groupName: 'nobody', dimension: 'country', n: 5, metric: 'requests' })).toEqual(
      [],
    );
  });

  it('refuses a field, dimension, operator or cursor outside the whitelist', async () => {
    const forged = [{ field: 'group_name', op: 'is', value: 'beta' }] as unknown as EventFilter[];
    await expect(total(forged)).rejects.toBeInstanceOf(EventQueryError);
    const injected = [{ field: 'status" OR 1=1 --', op: 'is', value: 1 }] as unknown as EventFilter[];
    await expect(total(injected)).rejects.toBeInstanceOf(EventQueryError);
    await expect(total([{ field: 'country', op: 'gt', value: 1 }])).rejects.toBeInstanceOf(EventQueryError);
    const badOp = [{ field: 'country', op: 'like', value: '%' }] as unknown as EventFilter[];
    await expect(total(badOp)).rejects.toBeInstanceOf(EventQueryError);
    await expect(
      store.topN({ ...ALL, dimension: 'req_headers' as never, n: 5, metric: 'requests' }),
    ).rejects.toBeInstanceOf(EventQueryError);
    await expect(store.search({ ...ALL, cursor: 'not-a-cursor', limit: 5 })).rejects.toBeInstanceOf(EventQueryError);
  });

  it('treats quotes and SQL text in a value as data', async () => {
    const nasty = `/x'; DROP TABLE events; --`;
    const odd = storedEventSchema.parse({
      ...makeEvent('delta', 1),
      uri: nasty,
      args: 'discount=50%25&name=_x_',
      req_headers: { referer: `it's "quoted"`, 'x-path': 'C:\\temp\\x' },
    });
    const plain = makeEvent('delta', 2);
    await store.insert([odd, plain]);
    const delta = { ...ALL, groupName: 'delta' };
    const byUri = await store.search({ ...delta, filters: [{ field: 'uri', op: 'is', value: nasty }], limit: 5 });
    expect(byUri.rows).toEqual([odd]);
    // % and _ are not wildcards in the deep search.
    expect((await store.search({ ...delta, text: '50%', limit: 5 })).rows).toEqual([odd]);
    expect((await store.search({ ...delta, text: "it's", limit: 5 })).rows).toEqual([odd]);
    // The headers are kept as JSON text, where a quote is written \" and a backslash \\: a header
    // value is still found as the user reads it in the drawer.
    expect((await store.search({ ...delta, text: 'it\'s "quoted"', limit: 5 })).rows).toEqual([odd]);
    expect((await store.search({ ...delta, text: 'C:\\temp', limit: 5 })).rows).toEqual([odd]);
    // A header's name is found too: the requests that carry one.
    expect((await store.search({ ...delta, text: 'X-PATH', limit: 5 })).rows).toEqual([odd]);
    expect((await store.search({ ...delta, text: '_x_', limit: 5 })).rows).toEqual([odd]);
    expect((await store.search({ ...delta, reqId: `' OR '1'='1`, limit: 5 })).rows).toEqual([]);
    expect(await total([])).toBe(240);
  });

  it('matches text case-insensitively the same way for every letter, İ and Σ included', async () => {
    const event = (i: number, uri: string, accept: string) =>
      storedEventSchema.parse({ ...makeEvent('iota', i), uri, req_headers: { accept } });
    const istanbul = event(1, '/İstanbul', 'İMAGE/PNG');
    const street = event(2, '/ΟΔΟΣ', 'TEXT/ΟΔΟΣ');
    const inside = event(3, '/ΟΔΟΣX/ΣΟΣ', 'text/οδος');
    await store.insert([istanbul, street, inside]);
    const iota = { ...ALL, groupName: 'iota' };
    const found = async (text: string) =>
      (await store.search({ ...iota, text, limit: 5 })).rows.map((row) => row.req_id).sort();
    for (const text of ['İstanbul', 'istanbul', 'ISTANBUL']) expect(await found(text)).toEqual([istanbul.req_id]);
    // A capital sigma lowers to σ, or to ς at a word's end; either finds both.
    for (const text of ['ΟΔΟΣ', 'οδος', 'οδοσ']) expect(await found(text)).toEqual([street.req_id, inside.req_id]);
    expect(await found('ΣΟΣ')).toEqual([inside.req_id]);
    expect(await store.topN({ ...iota, dimension: 'content_type', n: 5, metric: 'requests' })).toEqual([
      { key: 'text/οδοσ', value: 2 },
      { key: 'image/png', value: 1 },
    ]);
    const png = [{ field: 'content_type', op: 'is', value: 'image/png' }] as EventFilter[];
    expect((await store.search({ ...iota, filters: png, limit: 5 })).rows).toEqual([istanbul]);
    expect(await store.purge({ groupName: 'iota', before: Number.MAX_SAFE_INTEGER })).toBe(3);
  });

  it("moves a renamed group's events, its figures and its search with it", async () => {
    const zeta = Array.from({ length: 12 }, (_, i) => makeEvent('zeta', i));
    await store.insert(zeta);
    const zetaRange = { ...ALL, groupName: 'zeta' };
    const etaRange = { ...ALL, groupName: 'eta' };
    const byCountry = (range: EventRange) => store.topN({ ...range, dimension: 'country', n: 10, metric: 'requests' });
    const before = await byCountry(zetaRange);
    expect(await store.renameGroup({ from: 'zeta', to: 'eta' })).toBe(12);
    expect(await byCountry(zetaRange)).toEqual([]);
    expect(await byCountry(etaRange)).toEqual(before);
    expect(await store.timeSeries({ ...etaRange, bucketMs: 60 * MINUTE, metric: 'bytes' })).toEqual([
      { bucket: T0, key: null, value: sum(zeta, true) },
    ]);
    const found = await store.search({ ...etaRange, limit: 20 });
    expect(found.rows).toHaveLength(12);
    expect(found.rows.every((row) => row.group_name === 'eta')).toBe(true);
    expect((await store.search({ ...zetaRange, limit: 20 })).rows).toEqual([]);
    expect(await store.renameGroup({ from: 'zeta', to: 'eta' })).toBe(0);
    // To its own name: nothing moves, nothing is lost.
    expect(await store.renameGroup({ from: 'eta', to: 'eta' })).toBe(0);
    expect((await store.search({ ...etaRange, limit: 20 })).rows).toHaveLength(12);
    expect(await total([])).toBe(240);
    expect(await store.purge({ groupName: 'eta', before: Number.MAX_SAFE_INTEGER })).toBe(12);
  });

  it('purges one group before a time and keeps the rest', async () => {
    const before = T0 + 15 * MINUTE;
    expect(await store.purge({ groupName: 'alpha', before })).toBe(alpha.filter((e) => e.timestamp < before).length);
    expect(await total([])).toBe(180);
    const betaLeft = await store.timeSeries({ ...ALL, groupName: 'beta', bucketMs: 60 * MINUTE, metric: 'requests' });
    expect(betaLeft).toEqual([{ bucket: T0, key: null, value: 60 }]);
    expect(await store.purge({ groupName: 'alpha', before })).toBe(0);
  });

  return context;
}
