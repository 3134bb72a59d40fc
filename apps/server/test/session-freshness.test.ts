import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, SERVICE_LINE_API, USER_API, fullAccess } from '@parapet/shared';
import { buildApp } from '../src/app.js';
import { openStore, type Store } from '../src/db/open-store.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { PASSWORD, signUpConfirmed, type Account } from './helpers/accounts.js';
import { ApiClient } from './helpers/client.js';
import { fill, signedInAdmin } from './helpers/admin.js';
import { TEST_DATABASE_URL, storeKinds } from './helpers/stores.js';

/**
 * Who a request is and what it may do is as the store holds it at that request: on SQLite the
 * session's answer is kept only while the file is unchanged (db/kept-reads.ts), so a change made
 * through one server counts from the very next request on it and on another. Each test reads
 * first, so that the answer is kept, then changes, then reads again. The second server here has
 * a store connection of its own (a second SQLite connection to the same file, or a second
 * PostgreSQL pool).
 */
describe.each(storeKinds)('sessions and roles at the next request on %s', (kind) => {
  let t: TestApp;
  let other: { app: FastifyInstance; store: Store };
  let admin: ApiClient;
  let bea: Account;
  /** Bea's session, sent to the other server. */
  let beaThere: ApiClient;

  beforeEach(async () => {
    t = await buildTestApp(kind);
    const schema =
      kind === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.store.db)).rows[0]?.s
        : undefined;
    const store = await openStore({
      databaseUrl: kind === 'postgres' ? TEST_DATABASE_URL : undefined,
      dataDir: t.dataDir,
      ...(schema ? { schema } : {}),
    });
    other = { app: await buildApp({ config: t.config, store, logger: false }), store };
    admin = await signedInAdmin(t);
    await admin.post(GROUP_API.groups, { name: 'acme' });
    bea = await signUpConfirmed(t, 'bea');
    await admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'bea' }), { rolePermissions: fullAccess() });
    beaThere = new ApiClient(other.app);
    beaThere.cookie = bea.client.cookie;
  });
  afterEach(async () => {
    await other.app.close();
    await other.store.close();
    await t.close();
  });

  const lines = (client: ApiClient) => client.get(`${SERVICE_LINE_API.lines}?groupName=acme`);

  it('a changed role counts at the next request, on both servers', async () => {
    expect((await lines(beaThere)).statusCode).toBe(200);
    await admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'bea' }), {
      rolePermissions: { dashboard: { read: true, write: false } },
    });
    expect((await lines(beaThere)).statusCode).toBe(403);
    expect((await lines(bea.client)).statusCode).toBe(403);
    const roles = (await beaThere.get(USER_API.me)).json().inGroupsRole as { groupName: string }[];
    expect(roles.find((r) => r.groupName === 'acme')).toEqual({
      groupName: 'acme',
      rolePermissions: { dashboard: { read: true, write: false } },
    });
    await admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'bea' }), { rolePermissions: fullAccess() });
    expect((await lines(beaThere)).statusCode).toBe(200);
  });

  it('a member removed is signed out at the next request, on both servers', async () => {
    // Read on both first, so that each server has the session's answer (kept on SQLite).
    expect((await beaThere.get(USER_API.me)).statusCode).toBe(200);
    expect((await bea.client.get(USER_API.me)).statusCode).toBe(200);
    expect((await admin.delete(fill(GROUP_API.member, { groupName: 'acme', username: 'bea' }))).statusCode).toBe(200);
    expect((await beaThere.get(USER_API.me)).statusCode).toBe(401);
    expect((await lines(beaThere)).statusCode).toBe(401);
    expect((await bea.client.get(USER_API.me)).statusCode).toBe(401);
  });

  it('a password changed ends the other sessions at the next request, on both servers', async () => {
    const second = new ApiClient(t.app);
    await second.post(USER_API.login, { username: 'bea', password: PASSWORD });
    const secondThere = new ApiClient(other.app);
    secondThere.cookie = second.cookie;
    expect((await secondThere.get(USER_API.me)).statusCode).toBe(200);
    const changed = await beaThere.post(USER_API.changePassword, {
      oldPassword: PASSWORD,
      newPassword: 'Fresh-Password-55',
    });
    expect(changed.statusCode).toBe(200);
    expect((await second.get(USER_API.me)).statusCode).toBe(401);
    expect((await secondThere.get(USER_API.me)).statusCode).toBe(401);
    expect((await bea.client.get(USER_API.me)).statusCode).toBe(200);
  });

  it('a session signed out is refused at the next request, on both servers', async () => {
    expect((await beaThere.get(USER_API.me)).statusCode).toBe(200);
    const cookie = bea.client.cookie;
    // The same cookie on this server too, read before the sign-out.
    const beaHere = new ApiClient(t.app);
    beaHere.cookie = cookie;
    expect((await beaHere.get(USER_API.me)).statusCode).toBe(200);
    expect((await bea.client.get(USER_API.logout)).statusCode).toBe(200);
    beaThere.cookie = cookie;
    expect((await beaThere.get(USER_API.me)).statusCode).toBe(401);
    expect((await lines(beaThere)).statusCode).toBe(401);
    expect((await beaHere.get(USER_API.me)).statusCode).toBe(401);
  });
});
