// Several builds of the server at once, each on its own fresh SQLite store and port, driven in
// turn by autocannon on one call at 10 connections, round after round (the order reversed every
// other round): the server's CPU time a request (user and system, from /proc) and its requests/s,
// median and least of the rounds. Give the same build twice to see how far two processes of one
// build differ on this machine; that spread is the noise any change must clear (docs/api-bench.md).
//
//   node bench/api/side-by-side.mjs <rounds> <seconds> <path> <server file>...
//   e.g. node bench/api/side-by-side.mjs 8 3 /api/user before/apps/server/dist/server.js apps/server/dist/server.js
//
// A server file resolves the console it renders beside itself (../../web/dist), so a `git
// worktree` of an older commit, built, is a true "before". Each server renders the dashboard
// once after sign-in, as a browser opening the console would, before it is measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn } from './seed.mjs';

const [roundsArg = '8', secondsArg = '3', callPath = '/api/user', ...files] = process.argv.slice(2);
const rounds = Number(roundsArg);
const seconds = Number(secondsArg);
if (!files.length) throw new Error('usage: side-by-side.mjs <rounds> <seconds> <path> <server file>...');
const password = 'Bench-Admin-Password-1';

/** User and system time of a process so far, in µs: Linux's /proc counts it in ticks of 10 ms. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
const once = (opts) => new Promise((resolve, reject) => autocannon(opts, (e, r) => (e ? reject(e) : resolve(r))));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const servers = files.map((file, i) => {
  const port = 18400 + i;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-side-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: password,
    HEALTH_CHECKS: 'false',
    EDGE_NGINX: 'off',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.CLICKHOUSE_URL;
  const child = spawn('node', [file], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return { name: `${i}: ${file}`, base, dataDir, child, cpu: [], rps: [] };
});

try {
  for (const server of servers) {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${server.base}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error(`${server.name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const client = await signIn(server.base, 'admin', password);
    server.options = { url: server.base + callPath, headers: { cookie: client.cookie }, connections: 10 };
    await fetch(`${server.base}/home?groupName=default`, { headers: { cookie: client.cookie } }).then((r) => r.text());
    await once({ ...server.options, duration: 2 });
  }
  for (let round = 0; round < rounds; round++) {
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const before = cpuMicros(server.child.pid);
      const result = await once({ ...server.options, duration: seconds });
      if (result.errors || result.non2xx)
        throw new Error(`${server.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      server.cpu.push((cpuMicros(server.child.pid) - before) / result.requests.total);
      server.rps.push(result.requests.average);
    }
  }
  console.log(`\n${callPath}, ${rounds} rounds of ${seconds} s at 10 connections:\n`);
  console.log('| server | CPU µs/req, median | least | req/s, median | rounds (µs) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const s of servers)
    console.log(
      `| ${s.name} | ${median(s.cpu).toFixed(1)} | ${Math.min(...s.cpu).toFixed(1)} | ${Math.round(median(s.rps))} | ${s.cpu.map((c) => c.toFixed(0)).join(' ')} |`,
    );
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(
    servers.map(
      (s) => new Promise((resolve) => (s.child.exitCode === null ? s.child.once('exit', resolve) : resolve())),
    ),
  );
  for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
}
