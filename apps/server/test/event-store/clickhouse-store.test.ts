import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_REQ_ID_MAX_LENGTH } from '@parapet/shared';
import {
  ClickHouseClientExecutor,
  type ClickHouseExecutor,
  type ClickHouseInsert,
  type ClickHouseParams,
  type ClickHouseParamValue,
  type ClickHouseRow,
} from '../../src/modules/event-store/clickhouse-executor.js';
import {
  CLICKHOUSE_COLUMN_NAMES,
  CLICKHOUSE_EVENT_COLUMNS,
  CLICKHOUSE_EVENTS_DDL,
  CLICKHOUSE_EVENTS_TABLE,
  CLICKHOUSE_INSERT_SETTINGS,
  CLICKHOUSE_PARTITION_KEY,
  CLICKHOUSE_REQ_ID_INDEX,
  CLICKHOUSE_SORTING_KEY,
} from '../../src/modules/event-store/clickhouse-schema.js';
import {
  CLICKHOUSE_LOOKUP_PARAM_MAX_CHARS,
  createClickHouseEventStore,
  lookupChunks,
  openClickHouseEventStore,
} from '../../src/modules/event-store/clickhouse-store.js';
import { encodeCursor } from '../../src/modules/event-store/cursor.js';
import { DUCKDB_EVENTS_FILE } from '../../src/modules/event-store/duckdb-store.js';
import type { EventStore } from '../../src/modules/event-store/event-store.js';
import { buildTestApp } from '../helpers/app.js';
import { ChdbExecutor, openChdb, type ChdbHandle } from './chdb-executor.js';
import { ALL, defineEventStoreContract, makeEvent, MINUTE, T0 } from './contract.js';

// One engine for the whole file (see openChdb); each store starts from a dropped table.
let chdb: ChdbHandle | undefined;
const engine = (): ChdbHandle => (chdb ??= openChdb());
afterAll(() => chdb?.close());

async function emptyTable(): Promise<void> {
  await engine().session.queryAsync(`DROP TABLE IF EXISTS ${CLICKHOUSE_EVENTS_TABLE}`);
}

const rowsOf = async (sql: string): Promise<ClickHouseRow[]> => new ChdbExecutor(engine().session).rows(sql, {});

/** What a store asked of its executor, in order. */
type Call =
  { kind: 'command' | 'rows'; sql: string; params: ClickHouseParams } | { kind: 'insert'; insert: ClickHouseInsert };

class RecordingExecutor implements ClickHouseExecutor {
  readonly calls: Call[] = [];

  constructor(private readonly inner: ClickHouseExecutor) {}

  command(sql: string, params: ClickHouseParams): Promise<void> {
    this.calls.push({ kind: 'command', sql, params });
    return this.inner.command(sql, params);
  }

  rows(sql: string, params: ClickHouseParams): Promise<ClickHouseRow[]> {
    this.calls.push({ kind: 'rows', sql, params });
    return this.inner.rows(sql, params);
  }

  insert(insert: ClickHouseInsert): Promise<void> {
    this.calls.push({ kind: 'insert', insert });
    return this.inner.insert(insert);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('ClickHouse event store on chdb', () => {
  let recorder: RecordingExecutor;
  const contract = defineEventStoreContract({
    open: async () => {
      await emptyTable();
      recorder = new RecordingExecutor(new ChdbExecutor(engine().session));
      return createClickHouseEventStore(recorder);
    },
  });

  it('creates the table the schema describes', async () => {
    const [table] = await rowsOf(
      `SELECT engine, partition_key, sorting_key FROM system.tables
       WHERE database = currentDatabase() AND name = '${CLICKHOUSE_EVENTS_TABLE}'`,
    );
    expect(table).toEqual({
      engine: 'MergeTree',
      partition_key: CLICKHOUSE_PARTITION_KEY,
      sorting_key: CLICKHOUSE_SORTING_KEY.join(', '),
    });
    const columns = await rowsOf(
      `SELECT name, type FROM system.columns
       WHERE database = currentDatabase() AND table = '${CLICKHOUSE_EVENTS_TABLE}' ORDER BY position`,
    );
    expect(columns).toEqual(
      CLICKHOUSE_COLUMN_NAMES.map((name) => ({ name, type: CLICKHOUSE_EVENT_COLUMNS[name].type })),
    );
    const indexes = await rowsOf(
      `SELECT name, type, expr FROM system.data_skipping_indices
       WHERE database = currentDatabase() AND table = '${CLICKHOUSE_EVENTS_TABLE}'`,
    );
    expect(indexes).toEqual([{ name: CLICKHOUSE_REQ_ID_INDEX, type: 'bloom_filter', expr: 'req_id' }]);
    // The store ran exactly the schema's statements when it opened.
    expect(recorder.calls.slice(0, CLICKHOUSE_EVENTS_DDL.length)).toEqual(
      CLICKHOUSE_EVENTS_DDL.map((sql) => ({ kind: 'command', sql, params: {} })),
    );
  });

  it('binds every value as a query parameter, never as SQL text', async () => {
    const nasty = `x'); DROP TABLE events; --\\`;
    recorder.calls.length = 0;
    await contract.store.search({
      ...ALL,
      filters: [{ field: 'uri', op: 'is', value: nasty }],
      text: `${nasty}-text`,
      reqId: `${nasty}-id`,
      cursor: encodeCursor({ timestamp: T0, reqId: `${nasty}-cursor` }),
      limit: 5,
    });
    await contract.store.purge({ groupName: nasty, before: T0 });
    expect(recorder.calls.length).toBeGreaterThanOrEqual(2);
    const sql = recorder.calls.map((call) => (call.kind === 'insert' ? '' : call.sql)).join('\n');
    expect(sql).not.toContain('DROP');
    expect(sql).not.toContain('alpha');
    const values = recorder.calls.flatMap((call) => (call.kind === 'insert' ? [] : Object.values(call.params)));
    expect(values).toEqual(expect.arrayContaining(['alpha', nasty, `${nasty}-text`, `${nasty}-id`, `${nasty}-cursor`]));
    // The table is still there, with its rows.
    expect(await contract.total([])).toBe(180);
  });

  it('refuses a record whose value does not fit its column before sending anything', async () => {
    recorder.calls.length = 0;
    const wrong = { ...makeEvent('zeta', 1), status: '200' } as unknown as ReturnType<typeof makeEvent>;
    await expect(contract.store.insert([makeEvent('zeta', 0), wrong])).rejects.toThrow(/status/);
    expect(recorder.calls).toEqual([]);
  });

  it("has the server refuse a whole INSERT whose last row does not fit, with the store's settings", async () => {
    // The store checks rows before sending; this is the server's own guard behind that check.
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const event = makeEvent('eta', i % 1000);
      return { ...event, req_id: `eta-${i}`, req_headers: JSON.stringify(event.req_headers) };
    });
    const insert = {
      table: CLICKHOUSE_EVENTS_TABLE,
      columns: CLICKHOUSE_COLUMN_NAMES,
      rows: [...rows, { ...rows[0], req_id: 'eta-bad', uri: null }],
      settings: CLICKHOUSE_INSERT_SETTINGS,
    };
    await expect(new ChdbExecutor(engine().session).insert(insert)).rejects.toThrow();
    expect(await rowsOf(`SELECT count() AS n FROM ${CLICKHOUSE_EVENTS_TABLE} WHERE group_name = 'eta'`)).toEqual([
      { n: 0 },
    ]);
  });

  it('looks up a large batch in several queries, each parameter under the server limit', async () => {
    // Longest req_ids, one with a quote to escape: three lookups for 3,000 of them.
    const batch = Array.from({ length: 3000 }, (_, i) => ({
      ...makeEvent('theta', i),
      req_id: `theta${i === 0 ? "'" : '-'}${String(i).padStart(EVENT_REQ_ID_MAX_LENGTH - 6, '0')}`,
    }));
    expect(lookupChunks(batch).map((chunk) => chunk.length)).toEqual([1492, 1492, 16]);
    recorder.calls.length = 0;
    expect(await contract.store.insert(batch)).toEqual({ inserted: 3000, duplicates: 0 });
    const lookups = recorder.calls.flatMap((call) => (call.kind === 'rows' ? [call.params] : []));
    expect(lookups).toHaveLength(3);
    for (const params of lookups) {
      const ids = Object.values(params).find((value) => Array.isArray(value));
      expect(httpParam(ids ?? []).length).toBeLessThanOrEqual(CLICKHOUSE_LOOKUP_PARAM_MAX_CHARS);
    }
    // A duplicate is found whichever lookup carries it.
    expect(await contract.store.insert([batch[0]!, batch[1500]!, batch[2999]!])).toEqual({
      inserted: 0,
      duplicates: 3,
    });
    expect(await contract.store.insert(batch)).toEqual({ inserted: 0, duplicates: 3000 });
    expect(await contract.store.purge({ groupName: 'theta', before: Number.MAX_SAFE_INTEGER })).toBe(3000);
  });
});

/**
 * chdb declares its Connection against @clickhouse/client-common, of which @clickhouse/client
 * 1.23 bundles its own copy: the same shape under two declarations, so TypeScript needs a cast.
 */
type ClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

describe('ClickHouse event store through @clickhouse/client on chdb', () => {
  // The production executor, over chdb's Connection for @clickhouse/client in place of HTTP.
  defineEventStoreContract({
    open: async () => {
      await emptyTable();
      const connection = createChdbConnection({ path: engine().dir }) as unknown as ClientConnection;
      const client: ClickHouseClient = createClient({ connection });
      return createClickHouseEventStore(new ClickHouseClientExecutor(client));
    },
  });
});

/** One HTTP request the production store sent: its SQL, its `param_*` values and its settings. */
interface HttpCall {
  sql: string;
  params: Record<string, string>;
  settings: Record<string, string>;
  /** An insert's rows. */
  rows?: ClickHouseRow[];
  multipart: boolean;
}

const FORMAT_SUFFIX = /\s*\nFORMAT JSONEachRow$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The named parts of a multipart/form-data body (the client's large parameters). */
function multipartParts(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const parts: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const match = /^\r\nContent-Disposition: form-data; name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/.exec(part);
    if (match?.[1] !== undefined && match[2] !== undefined) parts[match[1]] = match[2];
  }
  return parts;
}

/** A parameter as ClickHouse reads it over HTTP: escaped text, arrays as quoted literals. */
function httpParam(value: ClickHouseParamValue): string {
  const escape = (text: string) =>
    text.replace(/[\\'\t\n\r]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? `\\${c}`);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escape(value);
  return `[${value.map((item) => `'${escape(item)}'`).join(',')}]`;
}

describe('the production store over HTTP', () => {
  let server: Server;
  const calls: HttpCall[] = [];
  const REMOVED = 7;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const contentType = request.headers['content-type'] ?? '';
        const multipart = contentType.startsWith('multipart/form-data');
        const parts = multipart ? multipartParts(body, contentType) : {};
        const params: Record<string, string> = {};
        const settings: Record<string, string> = {};
        for (const [name, value] of [...url.searchParams, ...Object.entries(parts)]) {
          if (name.startsWith('param_')) params[name.slice('param_'.length)] = value;
          else if (name in CLICKHOUSE_INSERT_SETTINGS) settings[name] = value;
        }
        const insertSql = url.searchParams.get('query');
        const sql = (insertSql ?? parts.query ?? body).replace(FORMAT_SUFFIX, '');
        const rows = insertSql
          ? body
              .split('\n')
              .filter(Boolean)
              .map((line) => JSON.parse(line) as ClickHouseRow)
          : undefined;
        calls.push({ sql, params, settings, multipart, ...(rows ? { rows } : {}) });
        // The purge's count is the only answer the store acts on; every other query answers no rows.
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(sql.startsWith('SELECT count()') ? `{"removed":"${REMOVED}"}\n` : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const events = Array.from({ length: 400 }, (_, i) => makeEvent('http', i));
  const range = { ...ALL, groupName: 'http' };

  /** The same calls on any store. */
  async function exercise(store: EventStore): Promise<void> {
    await store.insert(events);
    await store.timeSeries({
      ...range,
      bucketMs: 10 * MINUTE,
      metric: 'bytes',
      groupBy: 'served_by',
      termSize: 2,
      filters: [
        { field: 'country', op: 'is', value: 'CN' },
        { field: 'upstream_status', op: 'is_not', value: '502' },
        { field: 'request_time', op: 'gt', value: 0.5 },
        { field: 'referer', op: 'exists' },
      ],
    });
    await store.topN({ ...range, dimension: 'content_type', n: 5, metric: 'requests' });
    await store.search({
      ...range,
      text: "Trace-1 'x'",
      reqId: 'http-0100',
      cursor: encodeCursor({ timestamp: T0 + MINUTE, reqId: 'http-0150' }),
      limit: 10,
    });
    await store.purge({ groupName: 'http', before: T0 + 30 * MINUTE });
    await store.close();
  }

  it('sends the statements and parameters the chdb store runs', async () => {
    const store = await openClickHouseEventStore({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    await exercise(store);

    await emptyTable();
    const recorder = new RecordingExecutor(new ChdbExecutor(engine().session));
    await exercise(await createClickHouseEventStore(recorder));
    const expected = recorder.calls.map((call) =>
      call.kind === 'insert'
        ? {
            sql: `INSERT INTO ${call.insert.table} (${call.insert.columns.join(', ')}) FORMAT JSONEachRow`,
            params: {},
            settings: Object.fromEntries(
              Object.entries(call.insert.settings).map(([name, value]) => [name, String(value)]),
            ),
            rows: call.insert.rows,
          }
        : {
            sql: call.sql,
            params: Object.fromEntries(Object.entries(call.params).map(([name, value]) => [name, httpParam(value)])),
            settings: {},
          },
    );
    // chdb ran the purge's DELETE because it found rows, as the server's answer said it would.
    expect(recorder.calls.at(-1)).toMatchObject({ kind: 'command', sql: expect.stringMatching(/^DELETE FROM/) });
    expect(calls.map(({ multipart: _, ...call }) => call)).toEqual(expected);
    expect(calls[0]?.sql).toBe(CLICKHOUSE_EVENTS_DDL[0]);
    // The dedupe lookup binds all 400 req_ids: too long for a URL, so they went in the body.
    expect(calls[1]).toMatchObject({ multipart: true, params: { p2: expect.stringContaining("'http-0399'") } });
  });

  it('is the store the app opens when CLICKHOUSE_URL is set', async () => {
    const t = await buildTestApp('sqlite', {
      env: { CLICKHOUSE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/parapet` },
    });
    try {
      calls.length = 0;
      await t.app.events.get();
      expect(calls.map((call) => call.sql)).toEqual(CLICKHOUSE_EVENTS_DDL);
      expect(existsSync(join(t.dataDir, DUCKDB_EVENTS_FILE))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
