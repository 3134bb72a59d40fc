import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { API_PREFIX, USER_API } from '@parapet/shared';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(serverDir, '../../node_modules/.bin/tsx');

interface Run {
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
  stop: () => void;
}

/** Starts the real server process (src/server.ts) on a free port. */
function startServer(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const hit = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (hit?.[1]) resolve(hit[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { output: () => output, url, exit, stop: () => child.kill('SIGTERM') };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-proc-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on SQLite under DATA_DIR, prints a random admin password once, and closes cleanly on SIGTERM', async () => {
    const first = startServer({ DATA_DIR: dataDir });
    const url = await first.url;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: 'sqlite' });
    first.stop();
    expect(await first.exit).toBe(0);
    expect(first.output()).toMatch(/shown only this once: [\w-]{20,}/);
    expect(first.output()).toContain('closed cleanly');
    // Every log line is structured JSON; request lines carry the request id.
    const lines = first
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; url?: string });
    expect(lines.some((l) => typeof l.reqId === 'string')).toBe(true);

    const second = startServer({ DATA_DIR: dataDir });
    await second.url;
    second.stop();
    expect(await second.exit).toBe(0);
    expect(second.output()).not.toContain('shown only this once');
  });

  it('finishes a deploy under way before it closes the store, on SIGTERM', async () => {
    // Seen: "deploy worker could not claim a task: driver has already been destroyed" when a
    // task was running at SIGTERM: the store was closed before the worker had stopped.
    const password = 'Process-Test-Password-1';
    const deployDir = mkdtempSync(path.join(tmpdir(), 'parapet-proc-deploy-'));
    onTestFinished(() => rmSync(deployDir, { recursive: true, force: true }));
    const run = startServer({
      DATA_DIR: deployDir,
      ADMIN_PASSWORD: password,
      ALLOW_PRIVATE_ORIGINS: 'true',
      EDGE_NGINX: 'off',
      EDGE_SETTLE_MS: '1500',
    });
    // A failed expectation below must not leave the server running past the test.
    onTestFinished(() => run.stop());
    const url = await run.url;
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'parapet' };
    const login = await fetch(`${url}${API_PREFIX}${USER_API.login}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`${url}/api/table/rcm-app-profiles/update/create`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({
        groupName: 'default',
        appProfileName: 'closing.example',
        customerPackage: 'standard',
        servername: ['closing.example.com'],
        origins: [{ address: '127.0.0.1' }],
      }),
    });
    expect(created.status).toBe(200);
    // The task is claimed at once and then waits out EDGE_SETTLE_MS: stop in the middle of it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain('closed cleanly');
    expect(run.output()).not.toContain('destroyed');
  });

  it('refuses to start with a bad setting and says which', async () => {
    const run = startServer({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' });
    await expect(run.url).rejects.toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(await run.exit).toBe(1);
  });
});
