// API throughput on this machine (docs/api-bench.md). Starts the built server on a fresh SQLite
// store and, beside it, a bare Fastify app (bench/api/bare-server.mjs) as the yardstick of the
// same run; then, with autocannon, measures requests/s and p99 at 10 and 100 connections of
// GET /api/user with a session, a page of 100 service lines (the console's list call), one line's
// detail, and the first page of the event log (24 hours, 10 rows), each right after the bare
// route at the same connection count (bench/api/measure.mjs says why). With the 100 lines made
// through the API and with 10,000 lines in the store (the rest copied straight into the SQLite
// file, and taken out again), taking turns over several rounds. Prints each round's table (with
// the server's CPU time a request beside each figure), the medians per store size, and the larger
// store's change against the smaller.
//
// BENCH_SECONDS (default 4) per figure, after a 2 s warm-up of each call; BENCH_ROUNDS (default 3);
// BENCH_EVENTS (default 100000) simulated events; BENCH_ONLY=user,list (titles' keys) measures
// only those calls, for profiling; BENCH_CPU_PROF=<dir> runs the server under `node --cpu-prof`
// and leaves its profile there; BENCH_SERVER=<file> runs another build of the server (a copy of
// an older dist/server.js kept beside it, to compare two builds under the same load).
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareTable, measure, medianRows, table } from './api/measure.mjs';
import { copyLines, createLines, ingestEvents, removeCopies, signIn } from './api/seed.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 18282;
const barePort = 18284;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-bench-'));
const password = 'Bench-Admin-Password-1';
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const events = Number(process.env.BENCH_EVENTS ?? 100_000);
const only = process.env.BENCH_ONLY?.split(',');
const connections = [10, 100];
const API_LINES = 100;
const STORE_LINES = 10_000;

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: password,
  ALLOW_PRIVATE_ORIGINS: 'true',
  HEALTH_CHECKS: 'false',
  EDGE_NGINX: 'off',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
delete env.CLICKHOUSE_URL;

const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
const serverFile = process.env.BENCH_SERVER ?? 'apps/server/dist/server.js';
const server = spawn('node', [...profile, serverFile], { cwd: root, env, stdio: 'inherit' });
const bareServer = fork(path.join(root, 'bench/api/bare-server.mjs'), [String(barePort)], { stdio: 'inherit' });

async function waitUntilUp() {
  // Up to a minute: on this shared 2-core machine under load the server's start alone took over 10 s.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function measureAll(client, lineName) {
  const bare = { url: `http://127.0.0.1:${barePort}/bare`, pid: bareServer.pid };
  const calls = [
    ['user', 'GET /api/user', { url: `${base}/api/user` }],
    ['list', 'service lines, page of 100', { url: `${base}/api/service-lines?groupName=default&page=1&pageSize=100` }],
    ['detail', "one line's detail", { url: `${base}/api/groups/default/service-lines/${lineName}` }],
    [
      'events',
      'event log, first page',
      {
        url: `${base}/api/event-logs/search`,
        method: 'POST',
        body: JSON.stringify({ groupName: 'default', dateRange: { index: 4 }, filters: [], limit: 10 }),
      },
    ],
  ];
  const rows = [];
  for (const [key, title, call] of calls) {
    if (only && !only.includes(key)) continue;
    const figures = await measure({ ...call, headers: client.headers, pid: server.pid }, bare, {
      connections,
      seconds,
      warmupSeconds: 2,
    });
    rows.push({ title, figures });
  }
  return rows;
}

try {
  await waitUntilUp();
  const client = await signIn(base, 'admin', password);
  const lines = await createLines(client, API_LINES);
  await ingestEvents(client, root, env, base, events);
  const lineName = lines[Math.floor(lines.length / 2)].appProfileName;

  // The two store sizes take turns in the same server, in the order 100, 10k, 10k, 100, 100, 10k,
  // ...: on this shared machine the bare route's rate moves by half within seconds, so figures
  // measured minutes apart cannot say whether the larger store is slower; side by side, they can.
  const small = [];
  const large = [];
  let copied = false;
  for (let round = 0; round < rounds; round++) {
    for (const many of round % 2 ? [true, false] : [false, true]) {
      if (many !== copied) {
        if (many) copyLines(dataDir, STORE_LINES - API_LINES);
        else removeCopies(dataDir);
        copied = many;
      }
      const rows = await measureAll(client, lineName);
      (many ? large : small).push(rows);
      const size = many ? STORE_LINES : API_LINES;
      console.log(`\nround ${round + 1} of ${rounds}, ${size} lines:\n\n${table(rows, connections)}`);
    }
  }
  const heading = (size) => `${size} lines, ${events} events, median of ${rounds} rounds (${seconds} s a figure)`;
  console.log(`\n${heading(API_LINES)}:\n\n${table(medianRows(small, connections), connections)}`);
  console.log(`\n${heading(STORE_LINES)}:\n\n${table(medianRows(large, connections), connections)}`);
  console.log(
    `\n${STORE_LINES} lines against ${API_LINES}, median change over the rounds:\n\n${compareTable(small, large, connections)}`,
  );
} finally {
  server.kill('SIGTERM');
  bareServer.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
