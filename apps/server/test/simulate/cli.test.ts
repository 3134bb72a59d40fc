import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signedInAdmin } from '../helpers/admin.js';
import { groupWithLine, makeToken, storedOf } from '../ingest/fixtures.js';

/**
 * `npm run simulate` as a user runs it: `node --import tsx` from apps/server (package.json), sending
 * to a console listening on loopback, whose own ingest answers.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const GROUP = 'simcli';
const DAY_MS = 24 * 60 * 60_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

describe('the simulate command', () => {
  let t: TestApp;
  let url = '';
  let token = '';

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { DEPLOY_WORKER: 'false' } });
    const admin = await signedInAdmin(t);
    await groupWithLine(admin, GROUP, { name: 'shop.simcli', domains: ['shop.example.com'] }, 'basic');
    token = await makeToken(admin);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Starts the command in its own process group, as a terminal runs it; `during` acts on the running group. */
  function simulate(
    args: string[],
    during?: (pid: number, stderr: () => string) => Promise<void>,
    dataDir = t.dataDir,
  ): Promise<Run> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/tools/simulate/cli.ts', ...args, '--url', url, '--token', token],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATA_DIR: dataDir, SECRET_KEY: 'ab'.repeat(32), LOG_LEVEL: 'silent' },
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<Run>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
    if (during) void during(child.pid!, () => stderr);
    return exited.then((run) => ({ ...run, stderr }));
  }

  const until = async (check: () => Promise<boolean>): Promise<void> => {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('prints its summary when Ctrl-C reaches it, even twice (audit #3)', async () => {
    const run = await simulate(['--rate', '50'], async (pid) => {
      await until(async () => (await storedOf(t, GROUP)).length > 0);
      // Ctrl-C: SIGINT to the whole foreground group, pressed twice (or relayed by a wrapper).
      process.kill(-pid, 'SIGINT');
      process.kill(-pid, 'SIGINT');
    });
    expect(run.stderr).toMatch(/stopped: accepted \d+/);
    expect(run.code).toBe(0);
  });

  it('prints the reasons the server refused events for, and fails when none was stored (audit #6)', async () => {
    // Within what ingest takes for some plan, so the simulator sends them; older than this
    // group's basic plan keeps, so its ingest refuses every one.
    const end = Date.now() - (planOf('basic').resourceLimits.logRetentionDays + 1) * DAY_MS;
    const run = await simulate(['--events', '40', '--span', '1h', '--end', String(end)]);
    expect(run.stderr).toContain('rejected 40 (timestamp: range_too_early ×40)');
    expect(run.stderr).toContain('nothing was stored');
    expect(run.code).toBe(1);
  });

  it('says when DATA_DIR holds no control plane, instead of finding no lines in an empty one (audit #9)', async () => {
    const missing = join(t.dataDir, 'no-such-folder');
    const run = await simulate(['--events', '10', '--span', '1h'], undefined, missing);
    expect(run.stderr).toContain(`No control plane at ${join(missing, 'parapet.db')}: is DATA_DIR right?`);
    expect(run.code).toBe(2);
    expect(existsSync(join(missing, 'parapet.db'))).toBe(false);
  });
});
