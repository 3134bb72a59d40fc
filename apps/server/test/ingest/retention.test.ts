import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS, storedEventSchema, type PlanName } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { storeKinds } from '../helpers/stores.js';
import { DUCKDB_EVENTS_FILE } from '../../src/modules/event-store/duckdb-store.js';
import {
  RETENTION_FIRST_PURGE_DELAY_MS,
  RETENTION_PURGE_INTERVAL_MS,
  purgeExpiredEvents,
  scheduleRetention,
} from '../../src/modules/event-store/retention.js';

const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 5, 1);

const event = (group: string, reqId: string, ageDays: number) =>
  storedEventSchema.parse({
    req_id: reqId,
    timestamp: NOW - ageDays * DAY,
    server_name: `${group}.example.com`,
    client_ip: '10.0.0.1',
    status: 200,
    group_name: group,
    customer_package: `${group}.line`,
  });

describe.each(storeKinds)('event retention on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const addGroup = async (name: string, plan: PlanName) =>
    t.store.db.insertInto('groups').values({ name, plan, created_at: NOW, updated_at: NOW }).execute();
  const remaining = async (group: string) => {
    const store = await t.app.events.get();
    const page = await store.search({ groupName: group, from: 0, to: NOW + DAY, filters: [], limit: 100 });
    return page.rows.map((r) => r.req_id).sort();
  };

  it("purges each group's events older than its plan's logRetentionDays, on the clock it is given", async () => {
    t = await buildTestApp(kind);
    await addGroup('cheap', 'basic');
    await addGroup('rich', 'enterprise');
    const basic = PLANS.basic.resourceLimits.logRetentionDays;
    const enterprise = PLANS.enterprise.resourceLimits.logRetentionDays;
    expect(basic).toBeLessThan(enterprise);
    const store = await t.app.events.get();
    // The same ages in both groups: inside both plans, between the two, past both.
    const ages = { fresh: 1, middle: basic + 1, old: enterprise + 1 };
    await store.insert(
      ['cheap', 'rich'].flatMap((group) =>
        Object.entries(ages).map(([label, age]) => event(group, `${group}-${label}`, age)),
      ),
    );

    const removed = await purgeExpiredEvents(t.store.db, store, NOW);
    expect(Object.fromEntries(removed)).toMatchObject({ cheap: 2, rich: 1 });
    expect(await remaining('cheap')).toEqual(['cheap-fresh']);
    expect(await remaining('rich')).toEqual(['rich-fresh', 'rich-middle']);

    // A day later nothing more is old enough for the enterprise plan.
    await purgeExpiredEvents(t.store.db, store, NOW + DAY);
    expect(await remaining('rich')).toEqual(['rich-fresh', 'rich-middle']);
    // Far enough on, the middle one goes as well.
    await purgeExpiredEvents(t.store.db, store, NOW + (enterprise - basic) * DAY);
    expect(await remaining('rich')).toEqual(['rich-fresh']);
  });

  it('never creates an events file on a server that has no events', async () => {
    t = await buildTestApp(kind);
    await addGroup('quiet', 'basic');
    await t.app.purgeExpiredEvents();
    expect(t.app.events.isOpen()).toBe(false);
    expect(existsSync(join(t.dataDir, DUCKDB_EVENTS_FILE))).toBe(false);
  });

  it('purges through the app once the store is open', async () => {
    t = await buildTestApp(kind);
    await addGroup('cheap', 'basic');
    const store = await t.app.events.get();
    const now = Date.now();
    await store.insert([
      { ...event('cheap', 'kept', 0), timestamp: now - DAY },
      { ...event('cheap', 'gone', 0), timestamp: now - (PLANS.basic.resourceLimits.logRetentionDays + 1) * DAY },
    ]);
    await t.app.purgeExpiredEvents();
    const page = await store.search({ groupName: 'cheap', from: 0, to: now, filters: [], limit: 10 });
    expect(page.rows.map((r) => r.req_id)).toEqual(['kept']);
  });
});

describe('the purge schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a first purge a minute after start, well before the first interval, then every interval', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const stop = scheduleRetention(run);
    // A server restarted more often than the interval still purges.
    expect(RETENTION_FIRST_PURGE_DELAY_MS).toBeLessThan(RETENTION_PURGE_INTERVAL_MS);
    vi.advanceTimersByTime(RETENTION_FIRST_PURGE_DELAY_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RETENTION_PURGE_INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(RETENTION_PURGE_INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(10 * RETENTION_PURGE_INTERVAL_MS);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runs nothing once stopped before its first purge', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    scheduleRetention(run)();
    vi.advanceTimersByTime(RETENTION_FIRST_PURGE_DELAY_MS + RETENTION_PURGE_INTERVAL_MS);
    expect(run).not.toHaveBeenCalled();
  });
});
