// What bench/edge.bench.ts drives and compares against: plain nginx processes in a temporary
// folder (the origin answering `return 200`, and the baseline proxy with no console
// configuration), and autocannon for the load.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface LoadRun {
  stop(): void;
}
type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: LoadResult) => void,
) => LoadRun;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Keep-alive connections of every load: enough to keep one nginx worker busy, few enough for one core. */
export const CONNECTIONS = 10;

/**
 * Load on `port` with the `host` header until stopped (`stop()` resolves with the figures); with
 * `fresh`, every request asks for its connection to be closed, so each goes on a new one.
 */
export function startLoad(
  port: number,
  host: string,
  pathname: string,
  fresh = false,
): { stop(): Promise<LoadResult> } {
  let done!: (result: LoadResult) => void;
  let failed!: (error: Error) => void;
  const finished = new Promise<LoadResult>((resolve, reject) => ((done = resolve), (failed = reject)));
  const run = autocannon(
    {
      url: `http://127.0.0.1:${port}${pathname}`,
      connections: CONNECTIONS,
      duration: 600,
      headers: {
        host,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) parapet-bench',
        accept: '*/*',
        ...(fresh ? { connection: 'close' } : {}),
      },
    },
    (error, result) => (error ? failed(error) : done(result)),
  );
  return {
    stop: () => {
      run.stop();
      return finished;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A warm-up of `warmMs`, then `seconds` of load measured. */
export async function measure(port: number, host: string, pathname: string, seconds: number, warmMs = 1000) {
  const warm = startLoad(port, host, pathname);
  await sleep(warmMs);
  await warm.stop();
  const load = startLoad(port, host, pathname);
  await sleep(seconds * 1000);
  return load.stop();
}

export interface PlainNginx {
  port: number;
  /** SIGHUP to the master; resolves once a new worker runs. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

const children = (pid: number): string[] => {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
};

/** nginx with one worker in `dir`, serving `server` (a server block) on `port`. */
export async function startPlainNginx(nginx: string, dir: string, port: number, server: string): Promise<PlainNginx> {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // As the edge does when started as root: workers keep the user, who can read the folder.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  sendfile on;',
      '  keepalive_timeout 65;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${path.join(dir, 'tmp')};`),
      server.replace(/PORT/g, String(port)),
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    nginx,
    ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid ?? 0;
  for (let i = 0; children(pid).length === 0; i++) {
    if (i > 200) throw new Error(`nginx in ${dir} did not start; see ${path.join(dir, 'error.log')}`);
    await sleep(25);
  }
  return {
    port,
    async reload() {
      const before = new Set(children(pid));
      process.kill(pid, 'SIGHUP');
      while (children(pid).every((c) => before.has(c))) await sleep(5);
    },
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** The origin: answers every request itself, so it is never what limits a figure. */
export const ORIGIN_SERVER = '  server { listen 127.0.0.1:PORT; location / { return 200 "ok\\n"; } }';

/** The baseline: a proxy to the origin as one writes it by hand, with the edge's upstream keep-alive. */
export const baselineServer = (originPort: number) =>
  [
    `  upstream origin { server 127.0.0.1:${originPort}; keepalive 32; }`,
    '  server {',
    '    listen 127.0.0.1:PORT;',
    '    location / {',
    '      proxy_pass http://origin;',
    '      proxy_http_version 1.1;',
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header Connection "";',
    '    }',
    '  }',
  ].join('\n');
