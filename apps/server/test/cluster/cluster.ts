import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_PREFIX, USER_API } from '@parapet/shared';
import { startServer, type ServerProcess } from './server-process.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

export const ADMIN_PASSWORD = 'Cluster-Test-Password-1';
const SECRET_KEY = randomBytes(32).toString('hex');
const PG_INT8_OID = 20;

/** A PostgreSQL schema of the cluster's own, made before and dropped after. */
export interface ClusterSchema {
  /** DATABASE_URL naming the schema (`options=-c search_path=…`, read by node-postgres). */
  databaseUrl: string;
  /** A pool on the schema, for the test's own reads and seeds. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createClusterSchema(baseUrl: string): Promise<ClusterSchema> {
  const schema = `t_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`).finally(() => admin.end());
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    // Times are bigint columns: read them as numbers, as the server does.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => undefined);
  return {
    databaseUrl,
    pool,
    drop: async () => {
      await pool.end().catch(() => undefined);
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
    },
  };
}

/** Servers on one schema and one Redis, each with its own DATA_DIR; all killed by `stopAll`. */
export class Cluster {
  readonly servers: ServerProcess[] = [];
  private readonly dirs: string[] = [];
  /** Every process started, listening or not. */
  private readonly processes: { kill: (signal: NodeJS.Signals) => void; exit: Promise<number | null> }[] = [];

  constructor(private readonly base: Record<string, string>) {}

  async start(env: Record<string, string> = {}): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-cluster-'));
    this.dirs.push(dataDir);
    const server = await startServer(
      { ...this.base, SECRET_KEY, ADMIN_PASSWORD, DATA_DIR: dataDir, ...env },
      (kill, exit) => this.processes.push({ kill, exit }),
    );
    this.servers.push(server);
    return server;
  }

  /** Kills whatever still runs and removes the data folders; safe to call after a failure. */
  async stopAll(): Promise<void> {
    for (const { kill } of this.processes) kill('SIGKILL');
    await Promise.all(this.processes.map((p) => p.exit));
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const JSON_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'parapet' };

/** Signs in as the first admin through `url`; the cookie works on every server (sessions are rows). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}${API_PREFIX}${USER_API.login}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function post(url: string, cookie: string, apiPath: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}${API_PREFIX}${apiPath}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`POST ${apiPath} answered ${res.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Polls `read` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
