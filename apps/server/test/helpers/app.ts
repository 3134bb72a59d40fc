import type { FastifyInstance } from 'fastify';
import type { StoreKind } from '@parapet/shared';
import { SESSION_COOKIE } from '@parapet/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/env.js';
import type { Mailer } from '../../src/mail/mailer.js';
import type { ResolveHost } from '../../src/lib/origin-guard.js';
import { newId } from '../../src/lib/ids.js';
import { startSession } from '../../src/modules/sessions/sessions.service.js';
import { insertUser } from '../../src/modules/users/users.repository.js';
import { openTestStore, type TestStore } from './stores.js';
import type { EventStore } from '../../src/modules/event-store/event-store.js';

const TEST_SECRET = 'ab'.repeat(32);

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  // Origins are checked only where a test asks for it (they would probe made-up addresses).
  // Test origins are loopback servers and made-up private addresses, allowed as in local
  // development; tests of the private-origin rule turn it off.
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: TEST_SECRET,
    HEALTH_CHECKS: 'false',
    ALLOW_PRIVATE_ORIGINS: 'true',
    // Only the edge's own tests compile for and run nginx (apps/server/test/edge).
    EDGE_NGINX: 'off',
    ...env,
  });
}

export interface TestApp extends TestStore {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A whole application on a fresh store of the given kind, without a listening port. */
export async function buildTestApp(
  kind: StoreKind,
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    mailer?: Mailer;
    resolveHost?: ResolveHost;
    eventStore?: EventStore;
  } = {},
): Promise<TestApp> {
  const testStore = await openTestStore(kind);
  const config = { ...testConfig(testStore.dataDir, options.env), ...options.config };
  const app = await buildApp({
    config,
    store: testStore.store,
    logger: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.eventStore ? { eventStore: options.eventStore } : {}),
  });
  return {
    ...testStore,
    app,
    config,
    close: async () => {
      await app.close();
      await testStore.cleanup();
    },
  };
}

/** A confirmed user made straight in the store (sign-up is its own feature); returns its id. */
export async function insertTestUser(
  t: TestApp,
  user: { username: string; privilege?: 'admin' | 'user'; passwordHash?: string },
): Promise<string> {
  const id = newId();
  const now = Date.now();
  await insertUser(t.store.db, {
    id,
    username: user.username,
    email: `${user.username}@example.test`,
    password_hash: user.passwordHash ?? 'not-a-real-hash',
    privilege: user.privilege ?? 'user',
    phone_number: null,
    email_confirmed: 1,
    otp_secret: null,
    otp_enabled: 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** Makes a user straight in the store and a session cookie for them. */
export async function seedUserSession(
  t: TestApp,
  user: { username: string; privilege?: 'admin' | 'user'; groups?: string[] },
): Promise<{ userId: string; cookie: string; sessionId: string }> {
  const userId = await insertTestUser(t, user);
  const now = Date.now();
  for (const group of user.groups ?? []) {
    await t.store.db
      .insertInto('groups')
      .values({ name: group, plan: 'basic', created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await t.store.db
      .insertInto('group_members')
      .values({
        group_name: group,
        user_id: userId,
        role_permissions: JSON.stringify({ dashboard: { read: true } }),
        created_at: now,
      })
      .execute();
  }
  const session = await startSession(t.store.db, t.config.session, userId, {});
  return { userId, sessionId: session.id, cookie: `${SESSION_COOKIE}=${session.token}` };
}
