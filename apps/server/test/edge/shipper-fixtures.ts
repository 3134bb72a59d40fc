import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, INGEST_API } from '@parapet/shared';
import { buildApp } from '../../src/app.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signedInAdmin } from '../helpers/admin.js';
import { groupWithLine, makeToken, record, storedOf } from '../ingest/fixtures.js';
import type { ShipperLog } from '../../src/modules/edge/shipper/log-shipper.js';

export const SERVER_NAME = 'shop.example.com';
const GROUP = 'alpha';

/**
 * A console listening on 127.0.0.1 with a line for SERVER_NAME and an ingest token. It can go
 * down and come back on the same port and store, as a restarted console would, and it counts
 * every line POSTed to ingest so tests can tell a resend from a first send.
 */
export interface TestConsole {
  ingestUrl: string;
  token: string;
  /** Non-blank lines received by ingest, over every run of the console. */
  postedLines(): number;
  /** Distinct req_ids in the event store. */
  storedIds(): Promise<string[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startConsole(): Promise<TestConsole> {
  let posted = 0;
  // Before the first request: a Fastify instance takes no hooks once it is ready.
  const countPosted = (instance: FastifyInstance) =>
    instance.addHook('preHandler', async (request) => {
      if (request.url === `${API_PREFIX}${INGEST_API.events}` && Buffer.isBuffer(request.body)) {
        posted += request.body
          .toString('utf8')
          .split('\n')
          .filter((line) => line.trim() !== '').length;
      }
    });
  const t: TestApp = await buildTestApp('sqlite', { env: { DEPLOY_WORKER: 'false' } });
  countPosted(t.app);
  const admin = await signedInAdmin(t);
  await groupWithLine(admin, GROUP, { name: 'shop.alpha', domains: [SERVER_NAME] });
  const token = await makeToken(admin);
  let app: FastifyInstance | undefined = t.app;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    ingestUrl: `http://127.0.0.1:${port}${API_PREFIX}${INGEST_API.events}`,
    token,
    postedLines: () => posted,
    storedIds: async () => {
      const rows = await storedOf({ ...t, app: app ?? t.app }, GROUP);
      return [...new Set(rows.map((row) => row.req_id))].sort();
    },
    down: async () => {
      await app?.close();
      app = undefined;
    },
    // A new application on the same database and data folder: a console restart.
    up: async () => {
      const next = await buildApp({ config: t.config, store: t.store, logger: false });
      countPosted(next);
      await next.listen({ host: '127.0.0.1', port });
      app = next;
    },
    close: async () => {
      await app?.close();
      await t.cleanup();
    },
  };
}

/** A temporary folder for a log file and a state file. */
export async function logFolder(): Promise<{ logFile: string; stateFile: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'parapet-shipper-'));
  return {
    logFile: path.join(folder, 'access.log'),
    stateFile: path.join(folder, 'shipper.state'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Appends `count` event records as the edge logs them; answers their req_ids. */
export async function writeRecords(logFile: string, count: number, prefix = 'r'): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}-${Math.random().toString(36).slice(2, 8)}`);
  const lines = ids.map((id) => `${JSON.stringify(record({ req_id: id, server_name: SERVER_NAME }))}\n`);
  await appendFile(logFile, lines.join(''));
  return ids;
}

/** A log that keeps what the shipper said, for tests that check a warning. */
export function recordingLog(): ShipperLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (message) => warnings.push(message) };
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sorted = (ids: string[]): string[] => [...ids].sort();
