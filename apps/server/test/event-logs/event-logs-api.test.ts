import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  EVENT_ACTION_VALUES,
  EVENT_EXPORT_MAX_ROWS,
  EVENT_FILTERS_MAX,
  EVENT_LOG_API,
  GROUP_API,
  TIME_RANGE_CUSTOM_INDEX,
  fullAccess,
  type StoredEvent,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import type { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';
import type { SearchQuery } from '../../src/modules/event-store/event-store.js';
import { customRange, spiedEventStore, storedEvent } from './fixtures.js';

/** The event log API, POST /api/event-logs/search and /export (issue 13 item 4). */

const OWNER = 'logowner';
const OTHER = 'logother';
const COUNT = 45;
const COUNTRIES = ['US', 'CN', 'DE'];
const now = Date.now();
/** Two events a second, so half the rows share a timestamp and page on req_id. */
const base = now - 30 * 60_000;

function ownerEvent(i: number): StoredEvent {
  const id = String(i).padStart(2, '0');
  return storedEvent({
    req_id: `a-${id}`,
    timestamp: base + Math.floor(i / 2) * 1000,
    group_name: OWNER,
    country: COUNTRIES[i % COUNTRIES.length] ?? '',
    status: i % 5 === 0 ? 403 : 200,
    action: i % 5 === 0 ? '01' : '',
    type: i % 5 === 0 ? '01' : '',
    request_time: i / 10,
    upstream_response_time: i % 4 === 0 ? null : i / 100,
    uri: i === 13 ? '/needle/path' : i === 20 ? '=HYPERLINK("http://evil")' : `/p/${i}`,
    args: i === 7 ? 'q=NeedleArg' : '',
    req_headers: i === 11 ? { 'x-token': 'HeaderNeedle', accept: '*/*' } : { accept: '*/*' },
    reason: i === 21 ? 'rate, "quoted"\nsecond line' : '',
  });
}

const OWNER_EVENTS = Array.from({ length: COUNT }, (_, i) => ownerEvent(i));
const OTHER_EVENTS = Array.from({ length: 5 }, (_, i) =>
  storedEvent({ req_id: `b-${i}`, timestamp: base + i * 1000, group_name: OTHER, uri: '/needle/other' }),
);
/** Newest first, ties by req_id descending: the order the log pages in. */
const NEWEST_FIRST = [...OWNER_EVENTS]
  .sort((a, b) => b.timestamp - a.timestamp || (a.req_id < b.req_id ? 1 : -1))
  .map((e) => e.req_id);

const ids = (rows: StoredEvent[]) => rows.map((row) => row.req_id);

describe.each(storeKinds)('the event log API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let admin: ApiClient;
  let searches: SearchQuery[];
  const range = customRange(now, 1);
  const search = (body: Record<string, unknown>, client: ApiClient = owner.client) =>
    client.post(EVENT_LOG_API.search, { groupName: OWNER, dateRange: range, ...body });
  const exportAs = (format: string, body: Record<string, unknown> = {}, client: ApiClient = owner.client) =>
    client.post(EVENT_LOG_API.exportEvents, { groupName: OWNER, dateRange: range, format, ...body });
  const countOf = (body: Record<string, unknown>, client: ApiClient = owner.client) =>
    client.post(EVENT_LOG_API.count, { groupName: OWNER, dateRange: range, ...body });
  const found = async (body: Record<string, unknown>) => {
    const res = await search({ limit: 40, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return ids(res.json().rows).sort();
  };

  beforeAll(async () => {
    const spied = await spiedEventStore();
    searches = spied.searches;
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' }, eventStore: spied.store });
    owner = await signUpConfirmed(t, OWNER);
    other = await signUpConfirmed(t, OTHER);
    admin = await signedInAdmin(t);
    await spied.store.insert([...OWNER_EVENTS, ...OTHER_EVENTS]);
  });
  afterAll(() => t.close());

  it('pages through the range newest first on the cursor, every event once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await search({ limit: 10, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { rows: StoredEvent[]; nextCursor: string | null };
      expect(page.rows.length).toBeLessThanOrEqual(10);
      seen.push(...ids(page.rows));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(NEWEST_FIRST);
    const first = (await search({})).json();
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0]).toEqual(OWNER_EVENTS.find((e) => e.req_id === NEWEST_FIRST[0]));
  });

  it('answers a preset range ending now', async () => {
    expect((await search({ dateRange: { index: 0 }, limit: 40 })).json().rows).toHaveLength(0);
    expect((await search({ dateRange: { index: 1 }, limit: 40 })).json().rows).toHaveLength(40);
  });

  it('filters on every kind of operator, combined with AND', async () => {
    expect(await found({ filters: [{ field: 'country', op: 'is', value: 'CN' }] })).toHaveLength(15);
    expect(await found({ filters: [{ field: 'status', op: 'gt', value: 400 }] })).toEqual(
      OWNER_EVENTS.filter((e) => e.status === 403).map((e) => e.req_id),
    );
    expect(
      await found({
        filters: [
          { field: 'request_time', op: 'gt', value: 3 },
          { field: 'request_time', op: 'lt', value: 3.5 },
        ],
      }),
    ).toEqual(['a-31', 'a-32', 'a-33', 'a-34']);
    expect(await found({ filters: [{ field: 'upstream_response_time', op: 'not_exists' }] })).toHaveLength(12);
    expect(
      await found({
        filters: [
          { field: 'action', op: 'is', value: '01' },
          { field: 'country', op: 'is_not', value: 'US' },
        ],
      }),
    ).toEqual(['a-05', 'a-10', 'a-20', 'a-25', 'a-35', 'a-40']);
  });

  it('takes the Action multi-select as any of its codes, "no action" among them', async () => {
    const denied = OWNER_EVENTS.filter((e) => e.action === '01').map((e) => e.req_id);
    expect(await found({ actions: ['01'] })).toEqual(denied);
    expect(await found({ actions: ['01', '06'] })).toEqual(denied);
    expect(await found({ actions: ['06', '13'] })).toEqual([]);
    expect((await search({ actions: ['01', ''], limit: 40 })).json().rows).toHaveLength(40);
    expect(await found({ actions: ['', '00'], reqId: 'a-01' })).toEqual(['a-01']);
    // The multi-select does not use up the filters a person may add.
    const many = Array.from({ length: EVENT_FILTERS_MAX }, (_, i) => ({
      field: 'uri',
      op: 'is_not',
      value: `/x/${i}`,
    }));
    expect(await found({ actions: ['01', '06'], filters: many })).toEqual(denied);
    expect((await search({ actions: ['01', '06'], filters: [...many, many[0]] })).json().fields).toEqual({
      filters: 'too_big',
    });
    // Every code named twice is not "every action".
    const twice = Array.from(EVENT_ACTION_VALUES, () => '01');
    expect((await search({ actions: twice })).json().fields).toEqual({ actions: 'duplicate_entry' });
  });

  it("finds one request by req_id, never another group's", async () => {
    expect(await found({ reqId: 'a-07' })).toEqual(['a-07']);
    expect(await found({ reqId: 'b-1' })).toEqual([]);
  });

  it('deep-searches the path, the query string and the headers, ignoring case, in the group only', async () => {
    expect(await found({ text: 'needlearg' })).toEqual(['a-07']);
    expect(await found({ text: 'HEADERNEEDLE' })).toEqual(['a-11']);
    expect(await found({ text: 'needle' })).toEqual(['a-07', 'a-11', 'a-13']);
  });

  it('counts what the search pages through, with the same filters, req_id, text and actions', async () => {
    const total = async (body: Record<string, unknown>) => {
      const res = await countOf(body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total;
    };
    expect(await total({})).toBe(COUNT);
    expect(await total({ dateRange: { index: 0 } })).toBe(0);
    expect(await total({ filters: [{ field: 'country', op: 'is', value: 'CN' }] })).toBe(15);
    expect(await total({ filters: [{ field: 'request_time', op: 'gt', value: 3 }] })).toBe(
      OWNER_EVENTS.filter((e) => e.request_time > 3).length,
    );
    expect(await total({ actions: ['01'] })).toBe(OWNER_EVENTS.filter((e) => e.action === '01').length);
    expect(await total({ actions: ['06', '13'] })).toBe(0);
    expect(await total({ reqId: 'a-07' })).toBe(1);
    expect(await total({ reqId: 'b-1' })).toBe(0);
    expect(await total({ text: 'needle' })).toBe(3);
    // Bad input is refused as the search refuses it, and a count takes no page.
    const refused = await countOf({ filters: [{ field: 'country', op: 'gt', value: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'filters.0.op': 'not_numeric_field' });
    expect((await countOf({ dateRange: { index: TIME_RANGE_CUSTOM_INDEX } })).json().fields).toEqual({
      'dateRange.from': 'required',
      'dateRange.to': 'required',
    });
    // Another group's events are neither counted nor told apart from a group that is not there.
    expect((await countOf({}, other.client)).json().code).toBe('NOT_FOUND');
    expect((await countOf({ groupName: OTHER }, other.client)).json()).toEqual({ total: OTHER_EVENTS.length });
    expect((await countOf({ groupName: 'all' })).json().fields).toEqual({ groupName: 'reserved' });
    expect((await countOf({}, admin)).json()).toEqual({ total: COUNT });
  });

  it('refuses bad input with the field at fault', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await search(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: ERROR_CODES.VALIDATION_FAILED.message,
      });
      return res.json().fields;
    };
    expect(await refused({ cursor: 'not a cursor!' })).toEqual({ cursor: 'invalid_cursor' });
    expect(await refused({ cursor: Buffer.from('["x","y"]').toString('base64url') })).toEqual({
      cursor: 'invalid_cursor',
    });
    const tooEarly = { index: TIME_RANGE_CUSTOM_INDEX, from: now - 60 * 86_400_000, to: now };
    expect(await refused({ dateRange: tooEarly })).toEqual({ 'dateRange.from': 'range_too_early' });
    const backwards = { index: TIME_RANGE_CUSTOM_INDEX, from: now, to: now - 1 };
    expect(await refused({ dateRange: backwards })).toEqual({ 'dateRange.to': 'range_order' });
    expect(await refused({ dateRange: { index: TIME_RANGE_CUSTOM_INDEX } })).toEqual({
      'dateRange.from': 'required',
      'dateRange.to': 'required',
    });
    expect(await refused({ filters: [{ field: 'country', op: 'gt', value: 1 }] })).toEqual({
      'filters.0.op': 'not_numeric_field',
    });
    // Past what a 64-bit integer holds, a number once reached the store and failed there (500).
    for (const field of ['request_time', 'upstream_response_time', 'bytes_sent', 'status']) {
      expect(await refused({ filters: [{ field, op: 'gt', value: 1e20 }] })).toEqual({ 'filters.0.value': 'too_big' });
    }
    expect(await refused({ filters: [{ field: 'request_time', op: 'lt', value: -5 }] })).toEqual({
      'filters.0.value': 'too_small',
    });
    expect(await refused({ limit: 15 })).toEqual({ limit: 'invalid_value' });
    expect(await refused({ filters: [{ field: 'group_name', op: 'is', value: OTHER }] })).toHaveProperty(
      'filters.0.field',
    );
  });

  it("keeps every group's events to its members with the event log's read", async () => {
    expect((await search({}, other.client)).json().code).toBe('NOT_FOUND');
    expect((await exportAs('csv', {}, other.client)).json().code).toBe('NOT_FOUND');
    expect(ids((await search({ groupName: OTHER, limit: 40 }, other.client)).json().rows).sort()).toEqual(
      OTHER_EVENTS.map((e) => e.req_id),
    );
    expect((await search({ groupName: 'all' })).json().fields).toEqual({ groupName: 'reserved' });
    expect((await search({ groupName: 'nosuchgroup' }, admin)).statusCode).toBe(404);
    expect((await search({ limit: 40 }, admin)).json().rows).toHaveLength(40);

    const reader = await signUpConfirmed(t, 'logreader');
    const role = { ...fullAccess(), eventLogs: { read: false, write: false } };
    const put = await admin.put(fill(GROUP_API.member, { groupName: OWNER, username: 'logreader' }), {
      rolePermissions: role,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await search({}, reader.client)).statusCode).toBe(403);
    expect((await exportAs('ndjson', {}, reader.client)).statusCode).toBe(403);
    expect((await countOf({}, reader.client)).statusCode).toBe(403);
  });

  it('exports the filtered set as CSV, quoted and guarded against formulas', async () => {
    const res = await exportAs('csv', { filters: [{ field: 'action', op: 'is', value: '01' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event_log.csv"');
    expect(res.body.startsWith('\uFEFFreq_id,timestamp,server_name,')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 9 + 1);
    expect(lines[1]?.startsWith('a-40,')).toBe(true);
    const formula = lines.find((line) => line.startsWith('a-20,'));
    expect(formula).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(formula).toContain(new Date(OWNER_EVENTS[20]?.timestamp ?? 0).toISOString());

    const all = await exportAs('csv', { reqId: 'a-21' });
    expect(all.body).toContain('a-21,');
    expect(all.body).toContain('"rate, ""quoted""\nsecond line"');
    expect(all.body).toContain('"{""accept"":""*/*""}"');
  });

  it('exports NDJSON of the stored events, newest first', async () => {
    const res = await exportAs('ndjson', { filters: [{ field: 'country', op: 'is', value: 'DE' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event_log.ndjson"');
    const rows = res.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as StoredEvent);
    expect(rows.map((row) => row.req_id)).toEqual(
      NEWEST_FIRST.filter((id) => OWNER_EVENTS.find((e) => e.req_id === id)?.country === 'DE'),
    );
    expect(rows[0]).toEqual(OWNER_EVENTS.find((e) => e.req_id === rows[0]?.req_id));
  });

  it('sends an export compressed to a client that takes it, as a stream', async () => {
    const body = { groupName: OWNER, dateRange: range, format: 'ndjson' };
    const plain = await owner.client.post(EVENT_LOG_API.exportEvents, body);
    for (const [accept, inflate] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await owner.client.call('POST', EVENT_LOG_API.exportEvents, body, { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(accept === 'gzip' ? 'gzip' : 'br');
      expect(res.headers['content-length'], accept).toBeUndefined();
      expect(String(res.headers['vary']).toLowerCase(), accept).toContain('accept-encoding');
      expect(inflate(res.rawPayload).toString('utf8'), accept).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('streams a large set page by page and stops at the cap', async () => {
    const store = await t.app.events.get();
    const start = now - 3 * 3_600_000;
    const bulk = Array.from({ length: EVENT_EXPORT_MAX_ROWS + 50 }, (_, i) =>
      storedEvent({ req_id: `bulk-${i}`, timestamp: start + i, group_name: OWNER }),
    );
    await store.insert(bulk);
    const window = { index: TIME_RANGE_CUSTOM_INDEX, from: start, to: start + bulk.length };
    searches.length = 0;
    const res = await exportAs('ndjson', { dateRange: window });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\n');
    expect(lines).toHaveLength(EVENT_EXPORT_MAX_ROWS);
    expect((JSON.parse(lines[0] ?? '{}') as StoredEvent).req_id).toBe(`bulk-${bulk.length - 1}`);
    expect(searches.length).toBeGreaterThan(1);
    expect(Math.max(...searches.map((query) => query.limit))).toBeLessThan(EVENT_EXPORT_MAX_ROWS);
    expect(searches.reduce((sum, query) => sum + query.limit, 0)).toBe(EVENT_EXPORT_MAX_ROWS);
    expect(new Set(searches.map((query) => `${query.from}-${query.to}`)).size).toBe(1);
  });
});
