// API throughput on this machine: starts the built server on a fresh SQLite store, signs in
// the first admin, and drives calls with autocannon (10 connections, 10 s each): the health
// check (one store round trip), GET /api/user (session lookup plus the user and their groups),
// GET /api/groups, and the first page of the default group's origin policies (with each
// origin's health) and HTML pages, nine of each made first. Prints autocannon's own table for each.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 18282;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-bench-'));
const password = 'Bench-Admin-Password-1';

const server = spawn('node', ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: password,
    ALLOW_PRIVATE_ORIGINS: 'true',
  },
  stdio: 'inherit',
});

async function waitUntilUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

function run(title, opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: base, connections: 10, duration: 10, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: true, renderLatencyTable: false });
    instance.on('start', () => console.log(`\n${title}`));
  });
}

try {
  await waitUntilUp();
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'parapet' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const post = (url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'parapet' },
      body: JSON.stringify(body),
    });
  for (let i = 1; i <= 9; i++) {
    await post('/api/origin-policies', {
      groupName: 'default',
      policyName: `pool_${i}`,
      origins: [{ address: `10.0.${i}.1` }, { address: `10.0.${i}.2`, backup: true }],
    });
    await post('/api/html-pages', {
      groupName: 'default',
      htmlPageName: `page_${i}`,
      content: `<html><body><h1>Page ${i}</h1></body></html>`,
    });
  }
  const summary = [];
  const calls = [
    ['GET /api/health', '/api/health'],
    ['GET /api/user (signed in)', '/api/user'],
    ['GET /api/groups (signed in)', '/api/groups'],
    ['GET /api/origin-policies (9 policies, with health)', '/api/origin-policies?groupName=default'],
    ['GET /api/html-pages (10 pages)', '/api/html-pages?groupName=default'],
  ];
  for (const [title, path] of calls) {
    const result = await run(title, { path, headers: { cookie } });
    summary.push(`${title}: ${result.requests.average} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`);
  }
  console.log(`\n${summary.join('\n')}`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
