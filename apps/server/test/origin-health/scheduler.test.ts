import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORIGIN_POLICY_API, type OriginHealth } from '@parapet/shared';
import { claimDueOrigins } from '../../src/modules/origin-health/health.repository.js';
import { probeOrigin, type ProbeTarget } from '../../src/modules/origin-health/probe.js';
import { createHealthScheduler } from '../../src/modules/origin-health/scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

const servers: (TcpServer | HttpServer)[] = [];
function listen(server: TcpServer | HttpServer, port = 0): Promise<number> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}
const stop = (server: TcpServer | HttpServer) => new Promise((resolve) => server.close(resolve));
/** A port nothing listens on: taken, then released. */
async function freePort(): Promise<number> {
  const s = createTcpServer();
  const port = await listen(s);
  await stop(s);
  servers.splice(servers.indexOf(s), 1);
  return port;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(storeKinds)('origin health checks on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  afterEach(async () => {
    await t.close();
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const makePolicy = async (body: Record<string, unknown>) =>
    (
      await owner.client.post(ORIGIN_POLICY_API.policies, {
        groupName: owner.username,
        policyName: 'web_pool',
        ...body,
      })
    ).json();
  const healthOf = async (id: string): Promise<OriginHealth[]> =>
    (await owner.client.get(fill(ORIGIN_POLICY_API.policy, { id }))).json().health;
  const byAddress = (list: OriginHealth[], address: string) => list.find((h) => h.address === address)?.health;
  /** Makes every origin due now, so a test need not wait out the interval. */
  const makeDue = () => t.store.db.updateTable('origin_health').set({ next_check_at: 0 }).execute();

  it('checks the enabled origins of a policy on their interval and tells the group when one goes down and comes back', async () => {
    t = await buildTestApp(kind, { env: { HEALTH_CHECKS: 'true' } });
    owner = await signUpConfirmed(t, 'checker');
    const emitted = vi.spyOn(t.app.realtime, 'emitToGroup');
    const up = createTcpServer((socket) => socket.end());
    const upPort = await listen(up);
    const downPort = await freePort();
    const live = `127.0.0.1:${upPort}`;
    const dead = `127.0.0.1:${downPort}`;
    const policy = await makePolicy({
      origins: [{ address: live }, { address: dead }, { address: '127.0.0.1:9', enabled: false }],
      healthCheckInterval: 1,
      healthCheckSuccess: 1,
      healthCheckFail: 1,
    });
    expect(await healthOf(policy.id)).toEqual([
      { address: live, health: 'unchecked', checkedAt: null, reason: null, httpStatus: null },
      { address: dead, health: 'unchecked', checkedAt: null, reason: null, httpStatus: null },
    ]);

    const first = await eventually(
      () => healthOf(policy.id),
      (h) => byAddress(h, live) === 'healthy' && byAddress(h, dead) === 'unhealthy',
    );
    expect(byAddress(first, live)).toBe('healthy');
    expect(first.find((h) => h.address === dead)).toMatchObject({
      health: 'unhealthy',
      reason: 'refused',
      httpStatus: null,
    });
    // The event goes out once the policy's current group is looked up.
    await vi.waitFor(() =>
      expect(emitted).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'checker' }),
        'origin.health',
        expect.objectContaining({ policyId: policy.id, address: live, health: 'healthy' }),
      ),
    );

    await stop(up);
    expect(
      byAddress(
        await eventually(
          () => healthOf(policy.id),
          (h) => byAddress(h, live) === 'unhealthy',
        ),
        live,
      ),
    ).toBe('unhealthy');
    await vi.waitFor(() =>
      expect(emitted).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'checker' }),
        'origin.health',
        expect.objectContaining({ address: live, health: 'unhealthy' }),
      ),
    );
    await listen(
      createTcpServer((socket) => socket.end()),
      upPort,
    );
    expect(
      byAddress(
        await eventually(
          () => healthOf(policy.id),
          (h) => byAddress(h, live) === 'healthy',
        ),
        live,
      ),
    ).toBe('healthy');
  });

  it('HTTP checks expect the configured codes and honour the success and fail thresholds', async () => {
    t = await buildTestApp(kind);
    owner = await signUpConfirmed(t, 'checker');
    let status = 200;
    const port = await listen(
      createHttpServer((req, res) => {
        res.statusCode = req.url === '/status' ? status : 404;
        res.end();
      }),
    );
    const address = `127.0.0.1:${port}`;
    const policy = await makePolicy({
      origins: [{ address }],
      healthCheckMode: 'http',
      healthCheckUri: '/status',
      healthCheckHttpCode: ['200-299'],
      healthCheckSuccess: 2,
      healthCheckFail: 3,
    });
    const scheduler = createHealthScheduler({
      db: t.store.db,
      owner: 'me',
      emit: () => undefined,
      log: { warn: () => undefined },
      guard: t.app.originGuard,
    });
    const round = async () => {
      await makeDue();
      await scheduler.tick();
      return byAddress(await healthOf(policy.id), address);
    };
    expect(await round()).toBe('unchecked');
    expect(await round()).toBe('healthy');
    status = 503;
    expect(await round()).toBe('healthy');
    expect(await round()).toBe('healthy');
    expect(await round()).toBe('unhealthy');
    expect((await healthOf(policy.id))[0]).toMatchObject({ reason: 'bad_status', httpStatus: 503 });
    status = 204;
    expect(await round()).toBe('unhealthy');
    expect(await round()).toBe('healthy');

    // Changing how the origin is checked starts it over as unchecked.
    await t.app.deploy.drain();
    const current = (await owner.client.get(fill(ORIGIN_POLICY_API.policy, { id: policy.id }))).json();
    const {
      id: _i,
      groupName: _g,
      status: _s,
      lastError: _l,
      health: _h,
      usedBy: _u,
      usageCount: _c,
      createdBy: _cb,
      createdAt: _ca,
      updatedAt: _ua,
      ...fields
    } = current;
    await owner.client.put(fill(ORIGIN_POLICY_API.policy, { id: policy.id }), { ...fields, healthCheckUri: '/other' });
    expect(byAddress(await healthOf(policy.id), address)).toBe('unchecked');
  });

  it('has each origin checked by one server at a time, and takes over from a server that stopped', async () => {
    t = await buildTestApp(kind);
    owner = await signUpConfirmed(t, 'checker');
    const port = await listen(createTcpServer((socket) => socket.end()));
    const origins = Array.from({ length: 8 }, (_, i) => ({ address: `127.0.0.${i + 1}:${port}` }));
    await makePolicy({ origins });
    const checks: string[] = [];
    const counting = (target: ProbeTarget) => {
      checks.push(target.address);
      return probeOrigin(target, t.app.originGuard);
    };
    const log = { warn: () => undefined };
    const servers3 = ['a', 'b', 'c'].map((name) =>
      createHealthScheduler({
        db: t.store.db,
        owner: name,
        emit: () => undefined,
        log,
        guard: t.app.originGuard,
        probe: counting,
      }),
    );
    for (let round = 0; round < 3; round += 1) {
      await makeDue();
      checks.length = 0;
      const claimed = await Promise.all(servers3.map((s) => s.tick()));
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(origins.length);
      expect([...checks].sort()).toEqual(origins.map((o) => o.address).sort());
    }

    // A server claims every origin and dies before recording anything: once its lease runs
    // out, another server checks them.
    await makeDue();
    expect(await claimDueOrigins(t.store.db, 'dead', 1000, 50)).toHaveLength(origins.length);
    expect(await servers3[0]!.tick()).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    checks.length = 0;
    expect(await servers3[1]!.tick()).toBe(origins.length);
    expect(checks).toHaveLength(origins.length);
  });
});
