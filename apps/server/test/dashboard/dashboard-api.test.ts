import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_TERM_SIZE,
  DASHBOARD_API,
  EVENT_TERM_SIZE_MAX,
  TIME_RANGE_CUSTOM_INDEX,
  bucketFor,
  storedEventSchema,
  type DashboardActivityAnswer,
  type DashboardFilterValuesAnswer,
  type DashboardSeriesAnswer,
  type DashboardTopAnswer,
  type StoredEvent,
} from '@parapet/shared';
import { buildTestApp, seedUserSession, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/** The dashboard's API (issue 13 item 5): figures from stored events, filters, limits, groups. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const COUNTRIES = ['DE', 'US', 'US', 'CN', ''] as const;
const ACTIONS = ['', '', '01', '00', '03'] as const;

/** Event i of a group, minutes to hours before `now`; the group's name marks every value. */
function makeEvent(group: string, i: number, now: number): StoredEvent {
  const action = ACTIONS[i % ACTIONS.length] ?? '';
  return storedEventSchema.parse({
    req_id: `${group}-${i}`,
    // Half the rows in the last hour, the rest up to a day back.
    timestamp: i % 2 ? now - 5 * MINUTE - i * 10_000 : now - 2 * HOUR - i * MINUTE,
    server_name: `${group}.example.com`,
    host: `${group}.example.com`,
    client_ip: `10.0.${i % 3}.${i % 200}`,
    country: COUNTRIES[i % COUNTRIES.length],
    status: i % 7 === 0 ? 403 : 200,
    action,
    type: action ? '01' : '',
    rule: action ? `${group}_rule` : '',
    uri: `/${group}/${i % 4}`,
    bytes_sent: 100 + i,
    cache_status: i % 3 === 0 ? 'HIT' : 'MISS',
    group_name: group,
    customer_package: 'standard',
  });
}

const sum = (events: StoredEvent[], bytes = false) => events.reduce((t, e) => t + (bytes ? e.bytes_sent : 1), 0);

describe.each(storeKinds)('dashboard API on %s', (kind) => {
  let t: TestApp;
  let alice: ApiClient;
  let admin: ApiClient;
  let now: number;
  let alpha: StoredEvent[];
  const lastHour = () => alpha.filter((e) => e.timestamp >= now - HOUR);
  const day = { index: 4 };
  const hour = { index: 1 };

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    now = Date.now();
    alpha = Array.from({ length: 120 }, (_, i) => makeEvent('alpha', i, now));
    const store = await t.app.events.get();
    await store.insert([...alpha, ...Array.from({ length: 40 }, (_, i) => makeEvent('beta', i, now))]);
    alice = new ApiClient(t.app);
    alice.cookie = (await seedUserSession(t, { username: 'alice', groups: ['alpha'] })).cookie;
    await seedUserSession(t, { username: 'bruno', groups: ['beta'] });
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  it('answers the series of the range with its bucket, summing to the rows stored', async () => {
    const res = await alice.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: hour,
      filters: [],
      metric: 'requests',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<DashboardSeriesAnswer>();
    expect(answer.to - answer.from).toBe(HOUR);
    expect(answer.bucketMs).toBe(bucketFor(answer.from, answer.to));
    expect(answer.points.every((p) => p.key === null && p.bucket % answer.bucketMs === 0)).toBe(true);
    expect(answer.points.reduce((total, p) => total + p.value, 0)).toBe(sum(lastHour()));

    const bytes = await alice.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: day,
      filters: [],
      metric: 'bytes',
    });
    const dayRows = alpha.filter((e) => e.timestamp >= now - 24 * HOUR);
    expect(bytes.json<DashboardSeriesAnswer>().points.reduce((total, p) => total + p.value, 0)).toBe(
      sum(dayRows, true),
    );
  });

  it('applies every filter and keeps only termSize series of a group-by', async () => {
    const filters = [
      { field: 'country', op: 'is', value: 'US' },
      { field: 'status', op: 'is_not', value: 403 },
    ];
    const res = await alice.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: day,
      filters,
      metric: 'requests',
    });
    const expected = alpha.filter((e) => e.country === 'US' && e.status !== 403);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json<DashboardSeriesAnswer>().points.reduce((total, p) => total + p.value, 0)).toBe(expected.length);

    const grouped = await alice.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: day,
      filters: [],
      metric: 'requests',
      groupBy: 'country',
      termSize: 2,
    });
    expect(grouped.statusCode, grouped.body).toBe(200);
    const keys = new Set(grouped.json<DashboardSeriesAnswer>().points.map((p) => p.key));
    // Without a term size the chart's default applies: alpha has far more client IPs than that.
    const byPath = await alice.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: day,
      filters: [],
      metric: 'requests',
      groupBy: 'client_ip',
    });
    expect(new Set(byPath.json<DashboardSeriesAnswer>().points.map((p) => p.key)).size).toBe(CHART_TERM_SIZE);
    // US is the largest, then DE, CN and '' tie at 24: the tie goes to the smaller key.
    expect([...keys].sort()).toEqual(['', 'US']);
  });

  it('ranks the top values of a field with the figures of the rows', async () => {
    const res = await alice.post(DASHBOARD_API.top, {
      groupName: 'alpha',
      dateRange: day,
      filters: [{ field: 'type', op: 'is', value: '01' }],
      dimension: 'action',
      n: 2,
      metric: 'bytes',
    });
    expect(res.statusCode, res.body).toBe(200);
    const waf = alpha.filter((e) => e.type === '01');
    const byAction = new Map<string, number>();
    for (const e of waf) byAction.set(e.action, (byAction.get(e.action) ?? 0) + e.bytes_sent);
    const expected = [...byAction.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 2)
      .map(([key, value]) => ({ key, value }));
    expect(res.json<DashboardTopAnswer>().entries).toEqual(expected);
  });

  it('offers the most frequent values of a field, without the empty one', async () => {
    const res = await alice.post(DASHBOARD_API.filterValues, {
      groupName: 'alpha',
      dateRange: day,
      filters: [],
      field: 'country',
    });
    expect(res.statusCode, res.body).toBe(200);
    const values = res.json<DashboardFilterValuesAnswer>().values;
    expect(values[0]).toEqual({ value: 'US', count: alpha.filter((e) => e.country === 'US').length });
    expect(values.map((v) => v.value).sort()).toEqual(['CN', 'DE', 'US']);
  });

  it('lists the most recent firewall events, newest first', async () => {
    const res = await alice.post(DASHBOARD_API.activity, {
      groupName: 'alpha',
      dateRange: day,
      filters: [
        { field: 'type', op: 'is', value: '01' },
        { field: 'action', op: 'is_not', value: '00' },
      ],
      limit: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<DashboardActivityAnswer>().rows;
    const expected = alpha
      .filter((e) => e.type === '01' && e.action !== '00')
      .sort((a, b) => b.timestamp - a.timestamp || b.req_id.localeCompare(a.req_id))
      .slice(0, 5)
      .map((e) => e.req_id);
    expect(rows.map((r) => r.req_id)).toEqual(expected);
    expect(rows[0]).not.toHaveProperty('req_headers');
  });

  it('refuses bad input with 400 and the field at fault, never clamping', async () => {
    const base = { groupName: 'alpha', dateRange: day, filters: [], metric: 'requests' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, groupBy: 'country', termSize: EVENT_TERM_SIZE_MAX + 1 }, 'termSize'],
      [{ ...base, groupBy: 'password' }, 'groupBy'],
      [{ ...base, metric: 'latency' }, 'metric'],
      [
        { ...base, dateRange: { index: TIME_RANGE_CUSTOM_INDEX, from: now - 60 * 24 * HOUR, to: now } },
        'dateRange.from',
      ],
      [{ ...base, dateRange: { index: TIME_RANGE_CUSTOM_INDEX, from: now, to: now - HOUR } }, 'dateRange.to'],
      [{ ...base, dateRange: { index: 9 } }, 'dateRange.index'],
      [{ ...base, filters: [{ field: 'country', op: 'gt', value: 3 }] }, 'filters.0.op'],
      [{ ...base, filters: [{ field: 'secret', op: 'is', value: 'x' }] }, 'filters.0.field'],
    ];
    for (const [body, field] of cases) {
      const res = await alice.post(DASHBOARD_API.series, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    // The field codes the console translates (fieldErrors.<code>).
    const early = await alice.post(DASHBOARD_API.series, {
      ...base,
      dateRange: { index: TIME_RANGE_CUSTOM_INDEX, from: now - 60 * 24 * HOUR, to: now },
    });
    expect(early.json().fields).toEqual({ 'dateRange.from': 'range_too_early' });
    const textGt = await alice.post(DASHBOARD_API.series, {
      ...base,
      filters: [{ field: 'country', op: 'gt', value: 3 }],
    });
    expect(textGt.json().fields['filters.0.op']).toBe('not_numeric_field');
    const top = await alice.post(DASHBOARD_API.top, { ...base, dimension: 'country', n: 0 });
    expect(top.statusCode).toBe(400);
    const tooMany = await alice.post(DASHBOARD_API.activity, { ...base, limit: 1000 });
    expect(tooMany.statusCode).toBe(400);
  });

  it("never answers another group's events: a member of alpha asking for beta is refused", async () => {
    const body = { groupName: 'beta', dateRange: day, filters: [] };
    const calls: [string, Record<string, unknown>][] = [
      [DASHBOARD_API.series, { ...body, metric: 'requests' }],
      [DASHBOARD_API.top, { ...body, dimension: 'server_name', n: 5, metric: 'requests' }],
      [DASHBOARD_API.filterValues, { ...body, field: 'server_name' }],
      [DASHBOARD_API.activity, { ...body, limit: 5 }],
    ];
    for (const [path, payload] of calls) {
      const res = await alice.post(path, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toMatch(/beta\.example/);
      // "all" is no group, for an admin too.
      expect((await admin.post(path, { ...payload, groupName: 'all' })).statusCode).toBe(400);
      expect((await new ApiClient(t.app).post(path, payload)).statusCode).toBe(401);
    }
    // Alice's own answers hold none of beta's rows.
    const own = await alice.post(DASHBOARD_API.top, {
      ...body,
      groupName: 'alpha',
      dimension: 'server_name',
      n: 10,
      metric: 'requests',
    });
    expect(own.json<DashboardTopAnswer>().entries.map((e) => e.key)).toEqual(['alpha.example.com']);
    // An admin reads beta's.
    const beta = await admin.post(DASHBOARD_API.top, { ...body, dimension: 'server_name', n: 10, metric: 'requests' });
    expect(beta.json<DashboardTopAnswer>().entries.map((e) => e.key)).toEqual(['beta.example.com']);
  });

  it('documents every dashboard call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    }>();
    for (const path of Object.values(DASHBOARD_API)) expect(doc.paths[`/api${path}`]?.post, path).toBeDefined();
    expect(JSON.stringify(doc.paths[`/api${DASHBOARD_API.series}`]?.post?.requestBody)).toContain(
      'DashboardSeriesRequest',
    );
  });

  it('needs the dashboard read permission in the group', async () => {
    const { cookie, userId } = await seedUserSession(t, { username: 'carol', groups: ['alpha'] });
    await t.store.db
      .updateTable('group_members')
      .set({ role_permissions: JSON.stringify({ eventLogs: { read: true } }) })
      .where('user_id', '=', userId)
      .execute();
    const carol = new ApiClient(t.app);
    carol.cookie = cookie;
    const res = await carol.post(DASHBOARD_API.series, {
      groupName: 'alpha',
      dateRange: day,
      filters: [],
      metric: 'requests',
    });
    expect(res.statusCode).toBe(403);
  });
});
