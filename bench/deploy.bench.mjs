// Deployment latency on this machine, with tinybench: starts the built server on a fresh
// SQLite store, and measures, per service line, the time from the create call to the line
// showing Running (validation, store, task queue, the worker writing its edge configuration).
// Then the same for a save of an existing line. The group is put on the enterprise plan first
// so the quota does not end the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = 18283;
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
    HEALTH_CHECKS: 'false',
    ALLOW_PRIVATE_ORIGINS: 'true',
  },
  stdio: 'inherit',
});

let cookie = '';
const call = async (method, url, body) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'parapet' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
};
const untilRunning = async (name) => {
  for (;;) {
    const line = await call('GET', `/api/groups/default/service-lines/${name}`);
    if (line.status === 'Running') return line;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

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
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'parapet' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const groups = await call('GET', '/api/groups');
  const group = (Array.isArray(groups) ? groups : groups.items).find((g) => g.name === 'default');
  await call('PATCH', '/api/groups/default', { plan: 'enterprise', version: group.version });

  let n = 0;
  const bench = new Bench({ iterations: 40, time: 0 });
  bench.add('create a line, until Running', async () => {
    n += 1;
    await call('POST', '/api/table/rcm-app-profiles/update/create', {
      groupName: 'default',
      appProfileName: `bench${n}.line`,
      customerPackage: 'standard',
      servername: [`bench${n}.example.com`],
      origins: [{ address: '10.0.0.1' }],
    });
    await untilRunning(`bench${n}.line`);
  });
  // Runs after every create above, so bench1.line exists.
  bench.add('save a line, until Running', async () => {
    const line = await untilRunning('bench1.line');
    await call('POST', '/api/table/rcm-app-profiles/update/index', {
      ...line,
      maxUploadSize: (line.maxUploadSize % 100) + 1,
    });
    await untilRunning('bench1.line');
  });
  await bench.run();
  console.table(bench.table());
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
