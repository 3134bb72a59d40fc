import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, DASHBOARD_API, EVENT_LOG_API } from '@parapet/shared';
import type { EventStore } from '../src/modules/event-store/event-store.js';
import { buildTestApp, seedUserSession, type TestApp } from './helpers/app.js';

/**
 * A read of the event log or the dashboard whose client closes the request before the answer:
 * the route hands the store a signal that aborts then, so the store can let the read go
 * (core/client-leaves.ts; docs/event-log.md, docs/dashboard.md). The store here holds each read
 * until its signal aborts, and says which aborted.
 */
describe('an event-store read whose client left', () => {
  let t: TestApp;
  let cookie: string;
  let base: string;
  const left: string[] = [];

  const untilLeft = (kind: (query: { dimension?: string }) => string) => (query: never, signal?: AbortSignal) =>
    new Promise<never>((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        left.push(kind(query));
        reject(new Error('let go'));
      });
    });

  beforeAll(async () => {
    const store = {
      search: untilLeft(() => 'search'),
      count: untilLeft(() => 'count'),
      timeSeries: untilLeft(() => 'timeSeries'),
      // The filter editor's values are a top-N too: told apart by their dimension here.
      topN: untilLeft((query) => `topN ${query.dimension}`),
      close: () => Promise.resolve(),
    } as unknown as EventStore;
    t = await buildTestApp('sqlite', { env: { DEPLOY_WORKER: 'false' }, eventStore: store });
    cookie = (await seedUserSession(t, { username: 'leaver', privilege: 'admin', groups: ['alpha'] })).cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Sends the call over a real socket and closes it after `ms`, before any answer. */
  const leaveAfter = (path: string, ms: number, fields: object = {}) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ groupName: 'alpha', dateRange: { index: 4 }, filters: [], ...fields });
      const req = httpRequest(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.end(body);
      setTimeout(() => req.destroy(), ms);
    });

  it('aborts the store read of a search and of a count once the client closes the request', async () => {
    await leaveAfter(EVENT_LOG_API.count, 300);
    await leaveAfter(EVENT_LOG_API.search, 300);
    await expect.poll(() => [...left].sort(), { timeout: 5_000 }).toEqual(['count', 'search']);
  });

  it("aborts the store read of each of a dashboard tab's calls once the client closes the request", async () => {
    left.length = 0;
    await leaveAfter(DASHBOARD_API.series, 300, { metric: 'requests' });
    await leaveAfter(DASHBOARD_API.top, 300, { dimension: 'country', n: 5, metric: 'requests' });
    await leaveAfter(DASHBOARD_API.filterValues, 300, { field: 'host' });
    await leaveAfter(DASHBOARD_API.activity, 300, { limit: 10 });
    await expect
      .poll(() => [...left].sort(), { timeout: 5_000 })
      .toEqual(['search', 'timeSeries', 'topN country', 'topN host']);
  });
});
