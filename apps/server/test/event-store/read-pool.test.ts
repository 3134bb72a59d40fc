import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DASHBOARD_API, ERROR_CODES, EVENT_LOG_API } from '@parapet/shared';
import { ReadPool } from '../../src/modules/event-store/read-pool.js';
import {
  EventReadAbortedError,
  EventStoreBusyError,
  type EventStore,
} from '../../src/modules/event-store/event-store.js';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../src/modules/event-store/duckdb-store.js';
import { buildTestApp, seedUserSession, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { signedInAdmin } from '../helpers/admin.js';

/** A promise and the function that settles it: a read held open until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the read pool', () => {
  it('hands connections out first come, first served, and no connection to two reads at once', async () => {
    const pool = new ReadPool(['a', 'b'], { maxWaiting: 10, maxWaitMs: 10_000 });
    const holding = new Set<string>();
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, () => gate());
    const reads = gates.map((g, index) =>
      pool.run(async (connection) => {
        expect(holding.has(connection)).toBe(false);
        holding.add(connection);
        order.push(index);
        await g.opened;
        holding.delete(connection);
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(pool.queued).toBe(3);
    gates[1]!.open();
    await reads[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await Promise.all(reads);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses a read at once when as many wait as it queues', async () => {
    const pool = new ReadPool(['only'], { maxWaiting: 1, maxWaitMs: 10_000 });
    const held = gate();
    const first = pool.run(() => held.opened);
    const second = pool.run(() => Promise.resolve('second'));
    const refused = pool.run(() => Promise.resolve('third'));
    await expect(refused).rejects.toBeInstanceOf(EventStoreBusyError);
    await expect(refused).rejects.toMatchObject({ code: 'EVENT_STORE_BUSY', status: 503, retryAfterSeconds: 10 });
    held.open();
    await first;
    expect(await second).toBe('second');
  });

  it('refuses a read that waited its longest, and gives the connection to the next', async () => {
    const pool = new ReadPool(['only'], { maxWaiting: 5, maxWaitMs: 50 });
    const held = gate();
    const first = pool.run(() => held.opened);
    const waited = pool.run(() => Promise.resolve('late'));
    await expect(waited).rejects.toMatchObject({ code: 'EVENT_STORE_BUSY', retryAfterSeconds: 1 });
    expect(pool.queued).toBe(0);
    held.open();
    await first;
    expect(await pool.run((connection) => Promise.resolve(connection))).toBe('only');
  });

  it('lets a read its caller left go: before it starts, or while it waits, to the next in line', async () => {
    const pool = new ReadPool(['only'], { maxWaiting: 5, maxWaitMs: 10_000 });
    const left = new AbortController();
    left.abort();
    await expect(pool.run(() => Promise.resolve('never'), left.signal)).rejects.toBeInstanceOf(EventReadAbortedError);
    const held = gate();
    const first = pool.run(() => held.opened);
    const leaving = new AbortController();
    const waiting = pool.run(() => Promise.resolve('never'), leaving.signal);
    const next = pool.run((connection) => Promise.resolve(connection));
    expect(pool.queued).toBe(2);
    leaving.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'EventReadAbortedError', statusCode: 499 });
    expect(pool.queued).toBe(1);
    held.open();
    await first;
    expect(await next).toBe('only');
  });

  it('gives the connection back when a read fails', async () => {
    const pool = new ReadPool(['only'], { maxWaiting: 0, maxWaitMs: 1000 });
    await expect(pool.run(() => Promise.reject(new Error('bad query')))).rejects.toThrow('bad query');
    expect(await pool.run((connection) => Promise.resolve(connection))).toBe('only');
  });

  it('answers what waits, and what comes, as a store that does not answer once it closes', async () => {
    const pool = new ReadPool(['only'], { maxWaiting: 5, maxWaitMs: 10_000 });
    const held = gate();
    const running = pool.run(() => held.opened.then(() => 'finished'));
    const waiting = pool.run(() => Promise.resolve('never'));
    const closed = pool.close();
    // A 503 the client can retry elsewhere, not a 500 from an Error without a code.
    await expect(waiting).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503 });
    await expect(pool.run(() => Promise.resolve('late'))).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    held.open();
    expect(await running).toBe('finished');
    await closed;
  });
});

describe('a busy event store over HTTP', () => {
  let t: TestApp;
  let alice: ApiClient;
  let admin: ApiClient;
  let dir: string;
  let events: EventStore;
  // One read connection, no queue: a second read while one runs is refused at once.
  const pool = new ReadPool(['only'], { maxWaiting: 0, maxWaitMs: 3000 });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'events-busy-'));
    events = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
    // The DuckDB store's reads, each first through the pool above, which the test can hold.
    const eventStore: EventStore = {
      ...events,
      insert: (batch) => events.insert(batch),
      timeSeries: (query) => pool.run(() => events.timeSeries(query)),
      topN: (query) => pool.run(() => events.topN(query)),
      search: (query, signal) => pool.run(() => events.search(query, signal)),
      count: (query, signal) => pool.run(() => events.count(query, signal)),
      sample: (query) => pool.run(() => events.sample(query)),
      purge: (options) => events.purge(options),
      renameGroup: (options) => events.renameGroup(options),
      close: () => events.close(),
    };
    t = await buildTestApp('sqlite', { env: { DEPLOY_WORKER: 'false' }, eventStore });
    alice = new ApiClient(t.app);
    alice.cookie = (await seedUserSession(t, { username: 'alice', groups: ['alpha'] })).cookie;
    admin = await signedInAdmin(t);
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 EVENT_STORE_BUSY with Retry-After while the store is full, and 200 once it is not', async () => {
    const series = { groupName: 'alpha', dateRange: { index: 1 }, filters: [], metric: 'requests' };
    const held = gate();
    const holding = pool.run(() => held.opened);
    const busy = await alice.post(DASHBOARD_API.series, series);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('3');
    expect(busy.json()).toEqual({ code: 'EVENT_STORE_BUSY', message: ERROR_CODES.EVENT_STORE_BUSY.message });
    const search = await admin.post(EVENT_LOG_API.search, { groupName: 'alpha', dateRange: { index: 1 }, filters: [] });
    expect(search.statusCode).toBe(503);
    expect(search.headers['retry-after']).toBe('3');
    const count = await admin.post(EVENT_LOG_API.count, { groupName: 'alpha', dateRange: { index: 1 }, filters: [] });
    expect(count.statusCode).toBe(503);
    expect(count.json()).toEqual({ code: 'EVENT_STORE_BUSY', message: ERROR_CODES.EVENT_STORE_BUSY.message });
    held.open();
    await holding;
    const after = await alice.post(DASHBOARD_API.series, series);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers['retry-after']).toBeUndefined();
  });
});
