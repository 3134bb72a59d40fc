// CPU time of the server per request, a steadier figure than requests/s on a shared machine
// (docs/api-bench.md): starts a build of the server on a fresh SQLite store (and the bare
// Fastify app), drives each call with autocannon at 10 connections, and reads the process's
// user and system time from /proc (Linux) before and after.
//
//   node bench/api/cpu-per-request.mjs [server file] [seconds] [call...]
//   calls: bare user health list detail (default: bare user list detail)
//
// PROF=<dir> runs the server under `node --cpu-prof` and leaves its profile there; LINES=10000
// copies lines into the store (as bench/api.bench.mjs does) until it holds that many; LOG_LEVEL
// (default warn) is the server's; SERVER_NODE_FLAGS are given to its node (--single-threaded-gc).
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { copyLines, createLines, signIn } from './seed.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [serverFile = 'apps/server/dist/server.js', secondsArg = '8', ...asked] = process.argv.slice(2);
const seconds = Number(secondsArg);
const calls = asked.length ? asked : ['bare', 'user', 'list', 'detail'];
const port = 18292;
const barePort = 18293;
const base = `http://127.0.0.1:${port}`;
const password = 'Bench-Admin-Password-1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-cpu-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ADMIN_PASSWORD: password,
  HEALTH_CHECKS: 'false',
  EDGE_NGINX: 'off',
  ALLOW_PRIVATE_ORIGINS: 'true',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
const profile = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
const flags = process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
const server = spawn('node', [...flags, ...profile, serverFile], {
  cwd: root,
  env,
  stdio: ['ignore', process.env.LOG_LEVEL ? 'ignore' : 'inherit', 'inherit'],
});
const bare = fork(path.join(root, 'bench/api/bare-server.mjs'), [String(barePort)], { stdio: 'inherit' });

/** User and system time of a process, in clock ticks (100 a second). */
const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return [Number(fields[11]), Number(fields[12])];
};
const once = (opts) => new Promise((resolve, reject) => autocannon(opts, (e, r) => (e ? reject(e) : resolve(r))));

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const client = await signIn(base, 'admin', password);
  const lines = calls.some((c) => c === 'list' || c === 'detail') ? await createLines(client, 100) : [];
  if (lines.length && Number(process.env.LINES) > lines.length)
    copyLines(dataDir, Number(process.env.LINES) - lines.length);
  const cookie = { cookie: client.cookie };
  const targets = {
    bare: [bare.pid, `http://127.0.0.1:${barePort}/bare`, {}],
    user: [server.pid, `${base}/api/user`, cookie],
    health: [server.pid, `${base}/api/health`, {}],
    list: [server.pid, `${base}/api/service-lines?groupName=default&page=1&pageSize=100`, cookie],
    detail: [server.pid, `${base}/api/groups/default/service-lines/${lines[50]?.appProfileName}`, cookie],
  };
  for (const name of calls) {
    const [pid, url, headers] = targets[name];
    await once({ url, headers, connections: 10, duration: 2 });
    const before = ticks(pid);
    const result = await once({ url, headers, connections: 10, duration: seconds });
    const after = ticks(pid);
    if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const per = (i) => (((after[i] - before[i]) * 10_000) / result.requests.total).toFixed(0);
    console.log(
      `${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `CPU per request ${per(0)} µs user + ${per(1)} µs system`,
    );
  }
} finally {
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
