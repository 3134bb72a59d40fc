import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { ADMIN_STATE_ENV, signInAdmin } from './fixtures/admin-session';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Signs the admin in once for the whole run (Playwright starts the web server before this) and
 * leaves the session where every worker's `adminState` fixture reads it. Signing in once per
 * worker instead met the sign-in rate limit (AUTH_RATE_LIMITS: 10 a quarter hour per account, 30
 * per address) after a few failures, since Playwright replaces a worker after each failed test
 * and the new one signed in again. The file is named after the run's store, so two runs on one
 * checkout do not share it, and it goes with the run.
 */
export default async function globalSetup(config: FullConfig): Promise<() => void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  const dir = path.join(root, '.test-output');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `admin-session-${path.basename(process.env.PARAPET_E2E_DATA_DIR ?? 'e2e')}.json`);
  await signInAdmin(baseURL, file);
  // Workers are started after global setup and inherit its environment.
  process.env[ADMIN_STATE_ENV] = file;
  return () => rmSync(file, { force: true });
}
