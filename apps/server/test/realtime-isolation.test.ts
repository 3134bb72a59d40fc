import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ADMIN_ROOM,
  CERT_API,
  GROUP_API,
  HTML_PAGE_API,
  ORIGIN_POLICY_API,
  REALTIME_PERMISSIONS,
  SERVICE_LINE_API,
  SOCKET_PATH,
  WAF_RULE_API,
  fullAccess,
  groupRoom,
  type OriginHealthEvent,
  type RolePermissions,
  type TaskUpdatedEvent,
} from '@parapet/shared';
import { buildApp } from '../src/app.js';
import { findGroupRef } from '../src/realtime/rooms.repository.js';
import { buildTestApp, seedUserSession, testConfig, type TestApp } from './helpers/app.js';
import type { ApiClient } from './helpers/client.js';
import { fill, signedInAdmin } from './helpers/admin.js';
import { makeTestCerts, type TestCerts } from './helpers/certificates.js';
import { storeKinds } from './helpers/stores.js';

/**
 * The socket never tells one tenant about another (issue 11, item 3): events are sent by group
 * id and area, and membership changes move a user's open sockets at once, on every server.
 * Events come from the real emitters (the deploy worker), not from calls into the socket layer.
 */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const PAGE = '<!DOCTYPE html><html><body><h1>Back soon</h1></body></html>';
const QUIET_MS = 300;

let certs: TestCerts;
beforeAll(() => {
  certs = makeTestCerts();
});

/** Everything one socket hears, in order. */
class Feed {
  readonly tasks: TaskUpdatedEvent[] = [];
  readonly health: OriginHealthEvent[] = [];
  /** Every event of any name, as sent: an event type added later is recorded too. */
  readonly all: Array<{ name: string; payload: unknown }> = [];
  constructor(readonly socket: Socket) {
    socket.onAny((name: string, payload: unknown) => this.all.push({ name, payload }));
    socket.on('task.updated', (event: TaskUpdatedEvent) => this.tasks.push(event));
    socket.on('origin.health', (event: OriginHealthEvent) => this.health.push(event));
  }
  heard = (entityId: string) => this.tasks.filter((e) => e.entityId === entityId);
  async until(entityId: string, state: TaskUpdatedEvent['state'] = 'succeeded', ms = 8000): Promise<TaskUpdatedEvent> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.tasks.find((e) => e.entityId === entityId && e.state === state);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no ${state} event for ${entityId}; heard ${JSON.stringify(this.tasks)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

const sockets: Socket[] = [];
async function open(url: string, cookie: string, ask: { query?: object; auth?: object } = {}): Promise<Feed> {
  const socket = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
    ...ask,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return new Feed(socket);
}

const withoutCertificates = (): RolePermissions => ({ ...fullAccess(), certificates: { read: false, write: false } });
const withoutOriginPolicy = (): RolePermissions => ({ ...fullAccess(), originPolicy: { read: false, write: false } });

async function until<T>(read: () => T | undefined, what: string, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An admin's calls, with the admin's own socket as the witness that an event went out. */
function operator(admin: ApiClient, adminFeed: Feed) {
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
    const answer = await res;
    if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
    return answer.json() as Record<string, unknown>;
  };
  return {
    createGroup: (name: string) => ok(admin.post(GROUP_API.groups, { name }), 201),
    rename: async (from: string, to: string) => {
      const { items } = (await ok(admin.get(GROUP_API.groups))) as { items: { name: string; version: number }[] };
      const version = items.find((g) => g.name === from)?.version;
      return ok(admin.call('PATCH', fill(GROUP_API.group, { groupName: from }), { name: to, version }));
    },
    deleteGroup: (name: string) => ok(admin.delete(fill(GROUP_API.group, { groupName: name }))),
    putMember: (groupName: string, username: string, rolePermissions: RolePermissions) =>
      ok(admin.put(fill(GROUP_API.member, { groupName, username }), { rolePermissions })),
    removeMember: (groupName: string, username: string) =>
      ok(admin.delete(fill(GROUP_API.member, { groupName, username }))),
    /** Makes an HTML page and waits until the admins have heard it deployed; answers its id. */
    page: async (groupName: string, htmlPageName: string) => {
      const { id } = (await ok(admin.post(HTML_PAGE_API.pages, { groupName, htmlPageName, content: PAGE }), 201)) as {
        id: string;
      };
      await adminFeed.until(id);
      return id;
    },
    /** Makes a certificate and waits until the admins have heard it deployed; answers its id. */
    cert: async (groupName: string, keypairname: string) => {
      const { id } = (await ok(
        admin.post(CERT_API.certs, { groupName, keypairname, pem: certs.leafPem, key: certs.leafKey }),
        201,
      )) as { id: string };
      await adminFeed.until(id);
      return id;
    },
  };
}

/** Gives the slowest socket time to hear what it should not. */
const quiet = () => new Promise((r) => setTimeout(r, QUIET_MS));

describe.each(storeKinds)('socket isolation between tenants on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let ops: ReturnType<typeof operator>;
  let admin: ApiClient;

  async function start(env: Record<string, string> = {}) {
    t = await buildTestApp(kind, { env });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signedInAdmin(t);
    ops = operator(admin, await open(url, admin.cookie ?? ''));
  }
  /** A user with a live session and an open socket (made before any group change under test). */
  async function user(username: string) {
    const { cookie } = await seedUserSession(t, { username });
    return { connect: (ask: Parameters<typeof open>[2] = {}) => open(url, cookie, ask) };
  }

  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.close());
    await t.close();
  });

  it('after a rename, members hear their group under its new name and nothing of a new group of the old name', async () => {
    await start();
    await ops.createGroup('sx');
    const amy = await user('amy');
    await ops.putMember('sx', 'amy', fullAccess());
    const feed = await amy.connect();

    await ops.rename('sx', 'sy');
    await ops.createGroup('sx');
    const stranger = await ops.page('sx', 'new_sx');
    const own = await ops.page('sy', 'old_sx');
    expect((await feed.until(own)).groupName).toBe('sy');
    await quiet();
    expect(feed.heard(stranger)).toEqual([]);
  });

  it('after a delete and re-create of the name, former members hear nothing of the new group', async () => {
    await start();
    await ops.createGroup('sx');
    const amy = await user('amy');
    await ops.putMember('sx', 'amy', fullAccess());
    const feed = await amy.connect();
    await feed.until(await ops.page('sx', 'before'));

    await ops.deleteGroup('sx');
    await ops.createGroup('sx');
    const stranger = await ops.page('sx', 'after');
    await quiet();
    expect(feed.heard(stranger)).toEqual([]);
    expect(feed.socket.connected).toBe(true);
  });

  it('a member whose certificates read is taken away stops hearing certificate events at once, and keeps the rest', async () => {
    await start();
    await ops.createGroup('sx');
    const amy = await user('amy');
    await ops.putMember('sx', 'amy', fullAccess());
    const feed = await amy.connect();
    await feed.until(await ops.cert('sx', 'first'));

    await ops.putMember('sx', 'amy', withoutCertificates());
    const hidden = await ops.cert('sx', 'second');
    await feed.until(await ops.page('sx', 'still_heard'));
    await quiet();
    expect(feed.heard(hidden)).toEqual([]);

    await ops.putMember('sx', 'amy', fullAccess());
    await feed.until(await ops.cert('sx', 'third'));
  });

  it('a user added to a group hears its events without reconnecting; removed, their socket is dropped', async () => {
    await start();
    await ops.createGroup('sx');
    const bob = await user('bob');
    const feed = await bob.connect();
    const before = await ops.page('sx', 'before_joining');

    await ops.putMember('sx', 'bob', fullAccess());
    await feed.until(await ops.page('sx', 'after_joining'));
    expect(feed.heard(before)).toEqual([]);

    const dropped = new Promise((resolve) => feed.socket.once('disconnect', resolve));
    await ops.removeMember('sx', 'bob');
    expect(await dropped).toBe('io server disconnect');
  });

  it("a member of another group hears nothing of a group's changes of any kind, even asking for its rooms", async () => {
    await start({ ALLOW_PRIVATE_ORIGINS: 'true' });
    const origin = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const address = `127.0.0.1:${(origin.address() as AddressInfo).port}`;
    await ops.createGroup('sa');
    await ops.createGroup('sx');
    const [amy, bob] = await Promise.all([user('amy'), user('bob')]);
    await ops.putMember('sa', 'amy', fullAccess());
    await ops.putMember('sx', 'bob', fullAccess());
    const sx = await findGroupRef(t.store.db, 'sx');
    if (!sx) throw new Error('no group sx');
    // Amy asks for sx's rooms every way a client could: in the handshake's query and auth, and
    // by messages (the server takes none: ClientToServerEvents is empty).
    const rooms = [...REALTIME_PERMISSIONS.map((p) => groupRoom(sx.id, p)), ADMIN_ROOM];
    const amyFeed = await amy.connect({
      query: { groupName: 'sx', groupId: sx.id, room: rooms[0] },
      auth: { groupName: 'sx', groupId: sx.id, rooms },
    });
    for (const name of ['join', 'subscribe', 'joinRoom', 'group']) {
      amyFeed.socket.emit(name, rooms);
      amyFeed.socket.emit(name, { groupName: 'sx', groupId: sx.id, rooms });
    }
    const bobFeed = await bob.connect();

    // Every kind, and a line's every operation: create, save, purge, domains, delete; a rule's save.
    const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
      const answer = await res;
      if (answer.statusCode >= 300) throw new Error(`${answer.statusCode}: ${answer.body}`);
      return answer.json() as Record<string, unknown>;
    };
    await ops.cert('sx', 'sx_cert');
    await ops.page('sx', 'sx_page');
    await ok(
      admin.post(ORIGIN_POLICY_API.policies, {
        groupName: 'sx',
        policyName: 'sx_pool',
        origins: [{ address }],
        healthCheckSuccess: 1,
        healthCheckFail: 1,
      }),
    );
    await t.store.db.updateTable('origin_health').set({ next_check_at: 0 }).execute();
    await t.app.healthChecks.tick();
    await until(() => bobFeed.health.find((e) => e.address === address), "sx's origin health");
    await new Promise((resolve) => origin.close(resolve));
    const rule = await ok(
      admin.post(WAF_RULE_API.rules, { groupName: 'sx', ruleName: 'sx_rule', wafAction: '01', wafUri: ['^/x'] }),
    );
    await ok(
      admin.post(SERVICE_LINE_API.create, {
        groupName: 'sx',
        appProfileName: 'sx.line',
        customerPackage: 'standard',
        servername: ['sx.example.com'],
        origins: [{ address: '10.9.9.9' }],
        usedWafRules: [{ value: 'sx_rule' }],
      }),
    );
    const line = await t.store.db
      .selectFrom('service_lines')
      .selectAll()
      .where('group_name', '=', 'sx')
      .executeTakeFirstOrThrow();
    await bobFeed.until(line.id);
    const detail = await ok(admin.get(`/service-lines/${line.id}`));
    await ok(admin.post(SERVICE_LINE_API.update, { ...detail, description: 'changed' }));
    await ok(admin.post(`/service-lines/${line.id}/purge`, { paths: ['/x'] }));
    await ok(
      admin.post(SERVICE_LINE_API.addDomain, {
        groupName: 'sx',
        appProfileName: 'sx.line',
        servername: ['b.sx.example.com'],
      }),
    );
    const saved = await ok(admin.get(`/waf-rules/${String(rule['id'])}`));
    await ok(admin.put(`/waf-rules/${String(rule['id'])}`, { ...saved, wafUri: ['^/y'] }));
    await bobFeed.until(String(rule['id']));
    await ok(admin.delete(`/service-lines/${line.id}`));

    // Bob hears every task of sx to its end: the changes went out.
    const heardAll = async () => {
      const tasks = await t.store.db
        .selectFrom('deploy_tasks')
        .select('task_no')
        .where('group_name', '=', 'sx')
        .execute();
      const ended = new Set(bobFeed.tasks.filter((e) => e.state === 'succeeded').map((e) => e.taskNo));
      return tasks.every((task) => ended.has(task.task_no)) ? tasks.length : undefined;
    };
    let count: number | undefined;
    for (let i = 0; i < 320 && count === undefined; i += 1) {
      count = await heardAll();
      if (count === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    expect(count, `bob heard ${JSON.stringify(bobFeed.tasks)}`).toBeGreaterThanOrEqual(8);
    expect(new Set(bobFeed.tasks.map((e) => e.entity))).toEqual(
      new Set(['cert', 'html-page', 'origin-policy', 'waf-rule', 'service-line']),
    );
    expect(new Set(bobFeed.tasks.map((e) => e.state))).toContain('running');

    // Amy's socket works: she hears her own group; and nothing of sx, of any event type.
    const own = await ops.page('sa', 'sa_page');
    await amyFeed.until(own);
    await quiet();
    expect(
      amyFeed.all.filter((e) => JSON.stringify(e).includes('sx')),
      'amy heard sx',
    ).toEqual([]);
    expect(amyFeed.all.every((e) => (e.payload as { groupName?: string }).groupName === 'sa')).toBe(true);
  });

  it("an origin's health goes only to members who may read origin policies", async () => {
    t = await buildTestApp(kind, { env: { ALLOW_PRIVATE_ORIGINS: 'true' } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signedInAdmin(t);
    ops = operator(admin, await open(url, admin.cookie ?? ''));
    const origin = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      await ops.createGroup('sx');
      const [amy, cy] = await Promise.all([user('amy'), user('cy')]);
      await ops.putMember('sx', 'amy', fullAccess());
      await ops.putMember('sx', 'cy', withoutOriginPolicy());
      const [amyFeed, cyFeed] = [await amy.connect(), await cy.connect()];
      const address = `127.0.0.1:${(origin.address() as AddressInfo).port}`;
      const made = await admin.post(ORIGIN_POLICY_API.policies, {
        groupName: 'sx',
        policyName: 'pool',
        origins: [{ address }],
        healthCheckSuccess: 1,
        healthCheckFail: 1,
      });
      expect(made.statusCode).toBe(201);

      await t.store.db.updateTable('origin_health').set({ next_check_at: 0 }).execute();
      await t.app.healthChecks.tick();
      const heard = await until(() => amyFeed.health.find((e) => e.address === address), 'the health event');
      expect(heard).toMatchObject({ groupName: 'sx', health: 'healthy' });
      await quiet();
      expect(cyFeed.health).toEqual([]);
    } finally {
      await new Promise((resolve) => origin.close(resolve));
    }
  });
});

describe.skipIf(!TEST_REDIS_URL)('socket isolation across two servers with REDIS_URL', () => {
  it('moves a member on the other server at once: added, narrowed, renamed, deleted', async () => {
    const a = await buildTestApp('sqlite', { config: { redisUrl: TEST_REDIS_URL } });
    // The second server shares the first one's store, as two processes share one database.
    const b = await buildApp({
      config: { ...testConfig(a.dataDir), redisUrl: TEST_REDIS_URL },
      store: a.store,
      logger: false,
    });
    try {
      const urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
      const admin = await signedInAdmin(a);
      const ops = operator(admin, await open(urlA, admin.cookie ?? ''));
      await ops.createGroup('sx');
      const { cookie } = await seedUserSession(a, { username: 'far' });
      const feed = await open(urlB, cookie);

      await ops.putMember('sx', 'far', fullAccess());
      await feed.until(await ops.cert('sx', 'heard'));

      await ops.putMember('sx', 'far', withoutCertificates());
      const hidden = await ops.cert('sx', 'hidden');
      await feed.until(await ops.page('sx', 'page_heard'));

      await ops.rename('sx', 'sy');
      await ops.createGroup('sx');
      const stranger = await ops.page('sx', 'stranger');
      expect((await feed.until(await ops.page('sy', 'renamed_heard'))).groupName).toBe('sy');

      await ops.deleteGroup('sy');
      await ops.createGroup('sy');
      const stranger2 = await ops.page('sy', 'stranger_two');
      await quiet();
      expect(feed.heard(hidden)).toEqual([]);
      expect(feed.heard(stranger)).toEqual([]);
      expect(feed.heard(stranger2)).toEqual([]);
    } finally {
      sockets.splice(0).forEach((s) => s.close());
      await b.close();
      await a.close();
    }
  });
});
