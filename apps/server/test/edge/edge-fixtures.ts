import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StoreKind } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { API_PREFIX, INGEST_API } from '@parapet/shared';
import { startEdge, type RunningEdge } from '../../src/modules/edge/runner.js';
import { createLogShipper, type LogShipper } from '../../src/modules/edge/shipper/log-shipper.js';
import { signedInAdmin } from '../helpers/admin.js';
import { makeToken } from '../ingest/fixtures.js';
import { makeTestCountryDb, makeTestIspDb } from './fixtures/test-countries.js';

/** Whether this machine has the edge's nginx (scripts/ensure-edge.sh installs it). */
export const NGINX = '/usr/sbin/nginx';

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** An offset whose shifted line ports (80, 443, 8080) are free here, so test files can run side by side. */
export async function freeOffset(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 20_000 + Math.floor(Math.random() * 200) * 100;
    const ports = [80, 443, 8080].map((p) => p + offset);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return offset;
  }
  throw new Error('no free port offset for the edge');
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A loopback origin that answers what it was asked, and lets a test change its answers. */
export interface TestOrigin {
  port: number;
  address: string;
  seen: SeenRequest[];
  /** Extra response headers by path prefix (a Cache-Control, say). */
  headersFor: Map<string, Record<string, string>>;
  close(): Promise<void>;
}

export async function startOrigin(name = 'origin'): Promise<TestOrigin> {
  const seen: SeenRequest[] = [];
  const headersFor = new Map<string, Record<string, string>>();
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    let extra: Record<string, string> = {};
    for (const [prefix, headers] of headersFor) if ((req.url ?? '').startsWith(prefix)) extra = headers;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-origin': name, ...extra });
      res.end(JSON.stringify({ origin: name, method: req.method, url: req.url, headers: req.headers }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    address: `127.0.0.1:${port}`,
    seen,
    headersFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface EdgeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EdgeRequest {
  port: number;
  path?: string;
  host: string;
  method?: string;
  headers?: Record<string, string>;
  /** The client address (127.0.0.x: the test country database names some of them). */
  localAddress?: string;
  https?: boolean;
  body?: string;
  ca?: string;
}

/** One request to the edge on loopback, on a fresh connection. */
export function edgeRequest(options: EdgeRequest): Promise<EdgeResponse> {
  const client = options.https ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path ?? '/',
        method: options.method ?? 'GET',
        headers: { host: options.host, ...options.headers },
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        ...(options.https
          ? { servername: options.host, ...(options.ca ? { ca: options.ca } : { rejectUnauthorized: false }) }
          : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('edge request timed out')));
    req.end(options.body);
  });
}

export interface EdgeTestApp extends TestApp {
  offset: number;
  edge: RunningEdge;
  /** Publishes what tasks wait, as a deploy worker would. */
  deploy(): Promise<void>;
  stopAll(): Promise<void>;
}

/** The console on a fresh store with a real nginx edge beside it, on ports of its own. */
export async function startEdgeApp(kind: StoreKind, env: Record<string, string> = {}): Promise<EdgeTestApp> {
  const offset = await freeOffset();
  const controlPort = await freePort();
  const scratch = await mkdtemp(path.join(tmpdir(), 'parapet-edge-geo-'));
  const countryDb = await makeTestCountryDb(scratch);
  const asnDb = await makeTestIspDb(scratch);
  const t = await buildTestApp(kind, {
    env: {
      DEPLOY_WORKER: 'false',
      EDGE_NGINX: NGINX,
      EDGE_PORT_OFFSET: String(offset),
      EDGE_CONTROL_PORT: String(controlPort),
      EDGE_WORKERS: '1',
      GEOIP_COUNTRY_DB: countryDb,
      GEOIP_ASN_DB: asnDb,
      ...env,
    },
  });
  let edge: RunningEdge;
  try {
    edge = await startEdge({ config: t.config, countryDb, asnDb: t.config.geoipAsnDb ?? asnDb });
  } catch (error) {
    await t.close();
    throw error;
  }
  return {
    ...t,
    offset,
    edge,
    deploy: () => t.app.deploy.drain(),
    async stopAll() {
      await edge.stop();
      await t.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * The console listening on loopback with an ingest token, and the edge's access log shipped to
 * it, as `npm run edge` does: what the edge serves reaches the event log.
 */
export async function startShipping(t: EdgeTestApp): Promise<LogShipper> {
  const token = await makeToken(await signedInAdmin(t, 'shipper'));
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const run = path.join(t.config.edgeDir, 'nginx', 'run');
  const shipper = createLogShipper({
    logFile: path.join(run, 'access.log'),
    stateFile: path.join(run, 'shipper-state.json'),
    ingestUrl: `http://127.0.0.1:${port}${API_PREFIX}${INGEST_API.events}`,
    token,
    flushMs: 200,
    log: { info: () => undefined, warn: () => undefined },
  });
  shipper.start();
  return shipper;
}
