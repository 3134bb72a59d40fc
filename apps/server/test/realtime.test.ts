import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, fullAccess } from '@parapet/shared';
import { buildApp } from '../src/app.js';
import { findGroupRef, type GroupRef } from '../src/realtime/rooms.repository.js';
import { buildTestApp, seedUserSession, testConfig, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const task = (groupName: string) => ({
  taskNo: 't-1',
  groupName,
  entity: 'cert' as const,
  entityId: 'x',
  state: 'succeeded' as const,
});

function open(url: string, cookie?: string): Socket {
  return connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
}

function outcome(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** Resolves with the payloads a socket received within a short window. */
function collect(socket: Socket, ms = 300): Promise<unknown[]> {
  const got: unknown[] = [];
  socket.on('task.updated', (payload) => got.push(payload));
  return new Promise((resolve) => setTimeout(() => resolve(got), ms));
}

/** The group as the socket names it; members get every permission, so any event reaches them. */
async function groupRef(t: TestApp, name: string): Promise<GroupRef> {
  await t.store.db
    .updateTable('group_members')
    .set({ role_permissions: JSON.stringify(fullAccess()) })
    .where('group_name', '=', name)
    .execute();
  const ref = await findGroupRef(t.store.db, name);
  if (!ref) throw new Error(`no group ${name}`);
  return ref;
}

async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe.each(storeKinds)('the real-time socket on %s', (kind) => {
  let t: TestApp;
  const sockets: Socket[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await t.close();
  });

  it('admits only connections with a live session', async () => {
    t = await buildTestApp(kind);
    const url = await listen(t);
    const anonymous = open(url);
    const forged = open(url, 'parapet_sid=forged');
    sockets.push(anonymous, forged);
    expect(await outcome(anonymous)).toBe('UNAUTHENTICATED');
    expect(await outcome(forged)).toBe('UNAUTHENTICATED');

    const { cookie } = await seedUserSession(t, { username: 'amy', groups: ['g1'] });
    const member = open(url, cookie);
    sockets.push(member);
    expect(await outcome(member)).toBe('connected');
  });

  it('sends a group event to that group and to admins, not to other groups', async () => {
    t = await buildTestApp(kind);
    const url = await listen(t);
    const [g1, g2, admin] = await Promise.all([
      seedUserSession(t, { username: 'in-g1', groups: ['g1'] }),
      seedUserSession(t, { username: 'in-g2', groups: ['g2'] }),
      seedUserSession(t, { username: 'boss', privilege: 'admin' }),
    ]);
    const g1Ref = await groupRef(t, 'g1');
    await groupRef(t, 'g2');
    const clients = [g1, g2, admin].map((u) => open(url, u.cookie));
    sockets.push(...clients);
    expect(await Promise.all(clients.map(outcome))).toEqual(['connected', 'connected', 'connected']);

    const received = Promise.all(clients.map((c) => collect(c)));
    t.app.realtime.emitToGroup(g1Ref, 'task.updated', task('g1'));
    const [toG1, toG2, toAdmin] = await received;
    expect(toG1).toEqual([task('g1')]);
    expect(toG2).toEqual([]);
    expect(toAdmin).toEqual([task('g1')]);
  });

  it('drops the sockets of a session that signs out', async () => {
    t = await buildTestApp(kind);
    const url = await listen(t);
    const { cookie } = await seedUserSession(t, { username: 'eve', groups: ['g1'] });
    const client = open(url, cookie);
    sockets.push(client);
    expect(await outcome(client)).toBe('connected');
    const dropped = new Promise((resolve) => client.once('disconnect', resolve));
    await fetch(`${url}/api/user/logout`, { headers: { cookie, 'x-requested-with': 'parapet' } });
    expect(await dropped).toBe('io server disconnect');
  });
});

describe.skipIf(!TEST_REDIS_URL)('the socket across two servers with REDIS_URL', () => {
  it('carries a group event from one server to a client of the other', async () => {
    const a = await buildTestApp('sqlite', { config: { redisUrl: TEST_REDIS_URL } });
    // The second server shares the first one's store, as two processes share one database.
    const b = await buildApp({
      config: { ...testConfig(a.dataDir), redisUrl: TEST_REDIS_URL },
      store: a.store,
      logger: false,
    });
    try {
      const { cookie } = await seedUserSession(a, { username: 'far', groups: ['shared-g'] });
      const shared = await groupRef(a, 'shared-g');
      const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      const client = open(urlB, cookie);
      expect(await outcome(client)).toBe('connected');
      const received = collect(client, 500);
      a.app.realtime.emitToGroup(shared, 'task.updated', task('shared-g'));
      expect(await received).toEqual([task('shared-g')]);
      client.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
