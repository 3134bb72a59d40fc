import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive the built console, served by the real server on a fresh SQLite store,
 * in Debian's Chromium. Nothing is mocked. The store folder is made once and handed to the
 * workers through the environment, since each worker loads this file again.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
process.env.PARAPET_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'parapet-e2e-'));
const port = Number(process.env.PARAPET_E2E_PORT ?? 18181);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // On a slow machine (a bare page at 100-180 ms, three times this machine's usual) ordinary
  // tests took 30-33 s and ran out of the 30 s they had.
  timeout: 60_000,
  // In a full run on a slow machine, two screens took over 10 s to show while both workers'
  // browsers and the server shared the two cores (23:08 UTC, 27 Nov: the sign-up form after its
  // files were all in, the group added to /home's address after sign-in). A passing wait ends
  // as soon as its condition holds, so the longer limit costs only a failing test its time.
  expect: { timeout: 20_000 },
  outputDir: path.join(root, '.test-output/playwright'),
  // The admin's session, made once per run for fixtures/admin-session.ts (after the web server is up).
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    // A failed test keeps its trace (each action with its timing, the network, the console),
    // the page's accessibility tree at the failure (error-context.md) and a screenshot of it.
    // The trace's filmstrip and its DOM copy after every action were recorded for every test,
    // failed or not: they were about 40% of the browser tests' time on this machine (the
    // accessibility spec in one language: 2.8 min with them, 1.6 min without; docs/speed.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // The machine has no outside network: keep Chromium from trying to reach it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.PARAPET_E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      // Deployments take a moment, as across a fleet, so a test can watch Deploying turn Running.
      EDGE_SETTLE_MS: '3000',
      // The specs' origins are made-up private addresses and servers on loopback.
      ALLOW_PRIVATE_ORIGINS: 'true',
      // The browser tests watch the console; the edge's own tests (apps/server/test/edge) run
      // nginx. Checking every save with nginx -t here lengthened the deploy queue the two
      // workers share past the specs' wait once in a full run.
      EDGE_NGINX: 'off',
    },
  },
});
