import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, EVENT_LOG_API } from '@parapet/shared';
import type { EventStore } from '../../src/modules/event-store/event-store.js';
import { buildTestApp, seedUserSession, type TestApp } from '../helpers/app.js';

/**
 * A search or a count whose client closes the request before the answer: the route hands the
 * store a signal that aborts then, so the store can let the read go (docs/event-log.md). The
 * store here holds each read until its signal aborts, and says which aborted.
 */
describe('an event-log read whose client left', () => {
  let t: TestApp;
  let cookie: string;
  let base: string;
  const left: string[] = [];

  const untilLeft = (kind: string) => (_query: unknown, signal?: AbortSignal) =>
    new Promise<never>((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        left.push(kind);
        reject(new Error('let go'));
      });
    });

  beforeAll(async () => {
    const store = {
      search: untilLeft('search'),
      count: untilLeft('count'),
      close: () => Promise.resolve(),
    } as unknown as EventStore;
    t = await buildTestApp('sqlite', { env: { DEPLOY_WORKER: 'false' }, eventStore: store });
    cookie = (await seedUserSession(t, { username: 'leaver', privilege: 'admin', groups: ['alpha'] })).cookie;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Sends the call over a real socket and closes it after `ms`, before any answer. */
  const leaveAfter = (path: string, ms: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ groupName: 'alpha', dateRange: { index: 4 }, filters: [] });
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
});
