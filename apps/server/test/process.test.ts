import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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

  it('refuses to start with a bad setting and says which', async () => {
    const run = startServer({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' });
    await expect(run.url).rejects.toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(await run.exit).toBe(1);
  });
});
