import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGIN_POLICY_API, SERVICE_LINE_API } from '@parapet/shared';
import { createHealthScheduler } from '../../src/modules/origin-health/scheduler.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/** DNS as these tests see it: public names, a name that points home, one that does not resolve. */
const PUBLIC_ANSWER = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];
const ZONE: Record<string, string[]> = {
  'public.example.com': PUBLIC_ANSWER,
  'rebind.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.1.2.3'],
};
const resolveHost = (host: string) => {
  const found = ZONE[host];
  return found ? Promise.resolve(found) : Promise.reject(Object.assign(new Error(`no ${host}`), { code: 'ENOTFOUND' }));
};

/** The addresses a member tried against the console's own network (issue 11 item 5), and public ones. */
const REFUSED = [
  '127.0.0.1:5432',
  '[::1]:6379',
  '10.0.0.1',
  '169.254.169.254',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]:8080',
  'localhost:8080',
  'metadata.google.internal',
  'rebind.example.com:6379',
  'mixed.example.com',
];
const PUBLIC = ['8.8.8.8:80', 'public.example.com:8443', '[2606:4700::1111]:443'];

describe.each(storeKinds)('private origins on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const start = async (allow: boolean) => {
    t = await buildTestApp(kind, {
      env: { DEPLOY_WORKER: 'false', ALLOW_PRIVATE_ORIGINS: String(allow) },
      resolveHost,
    });
    owner = await signUpConfirmed(t, 'prober');
  };
  afterEach(() => t.close());
  const policy = (addresses: string[], over: Record<string, unknown> = {}) => ({
    groupName: owner.username,
    policyName: 'pool',
    origins: addresses.map((address) => ({ address })),
    ...over,
  });
  const line = (addresses: string[], over: Record<string, unknown> = {}) => ({
    groupName: owner.username,
    appProfileName: 'shop.example',
    customerPackage: 'standard',
    servername: ['shop.example.com'],
    origins: addresses.map((address) => ({ address })),
    ...over,
  });
  const fieldsFor = (addresses: string[], code: string, offset = 0) =>
    Object.fromEntries(addresses.map((_, i) => [`origins.${i + offset}.address`, code]));
  const ipValidate = async (val: string) =>
    (await owner.client.post(SERVICE_LINE_API.ipValidate, { topic: 'origin', val })).json();

  it('refuses origin policies whose origins are or resolve to private, loopback or metadata addresses, naming each', async () => {
    await start(false);
    const made = await owner.client.post(
      ORIGIN_POLICY_API.policies,
      policy([...REFUSED, ...PUBLIC, 'gone.example.com']),
    );
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        fields: {
          ...fieldsFor(REFUSED, 'private_origin_address'),
          [`origins.${REFUSED.length + PUBLIC.length}.address`]: 'origin_unresolvable',
        },
      }),
    );
    expect((await owner.client.get(`${ORIGIN_POLICY_API.policies}?groupName=${owner.username}`)).json().total).toBe(0);

    const ok = await owner.client.post(ORIGIN_POLICY_API.policies, policy(PUBLIC));
    expect(ok.statusCode).toBe(201);
    await t.app.deploy.drain();
    const {
      id,
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
    } = ok.json();
    const changed = await owner.client.put(fill(ORIGIN_POLICY_API.policy, { id }), {
      ...fields,
      origins: [...fields.origins, { address: '127.0.0.1:6379' }],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fields).toEqual({ [`origins.${PUBLIC.length}.address`]: 'private_origin_address' });
  });

  it("refuses a service line's own origins alike on create and update, with its other problems", async () => {
    await start(false);
    const made = await owner.client.post(
      SERVICE_LINE_API.create,
      line(['127.0.0.1:5432', 'public.example.com'], { errorHtmlPageName: 'missing' }),
    );
    expect(made.statusCode).toBe(400);
    expect(made.json().fields).toEqual({
      'origins.0.address': 'private_origin_address',
      errorHtmlPageName: 'not_found',
    });

    expect((await owner.client.post(SERVICE_LINE_API.create, line(['public.example.com']))).statusCode).toBe(200);
    await t.app.deploy.drain();
    const current = (await owner.client.get(`${SERVICE_LINE_API.lines}?groupName=${owner.username}`)).json().items[0];
    const saved = await owner.client.post(SERVICE_LINE_API.update, {
      ...current,
      origins: [{ address: '[::1]:8080' }, { address: '169.254.169.254' }],
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().fields).toEqual(fieldsFor(['a', 'b'], 'private_origin_address'));
  });

  it('answers ipvalidate with the reason, as a save would', async () => {
    await start(false);
    for (const address of REFUSED)
      expect(await ipValidate(address), address).toEqual({ success: false, code: 'private_origin_address' });
    for (const address of PUBLIC) expect(await ipValidate(address), address).toEqual({ success: true });
    expect(await ipValidate('gone.example.com')).toEqual({ success: false, code: 'origin_unresolvable' });
    expect(await ipValidate('not an origin')).toEqual({ success: false, code: 'invalid_origin_address' });
  });

  it('does not check an origin whose name now resolves to a private address, and says why', async () => {
    await start(false);
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.end();
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    try {
      const made = await owner.client.post(
        ORIGIN_POLICY_API.policies,
        policy([`public.example.com:${port}`], { healthCheckFail: 1 }),
      );
      expect(made.statusCode).toBe(201);
      // After the save the name's owner points it at the console's own host.
      ZONE['public.example.com'] = ['127.0.0.1'];
      const scheduler = createHealthScheduler({
        db: t.store.db,
        owner: 'me',
        emit: () => undefined,
        log: { warn: () => undefined },
        guard: t.app.originGuard,
      });
      expect(await scheduler.tick()).toBe(1);
      const health = (await owner.client.get(fill(ORIGIN_POLICY_API.policy, { id: made.json().id }))).json().health;
      expect(health).toEqual([
        expect.objectContaining({ health: 'unhealthy', reason: 'forbidden_address', httpStatus: null }),
      ]);
      expect(connections).toBe(0);
    } finally {
      ZONE['public.example.com'] = PUBLIC_ANSWER;
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('accepts every one of them with ALLOW_PRIVATE_ORIGINS=true, names unresolved included', async () => {
    await start(true);
    const made = await owner.client.post(
      ORIGIN_POLICY_API.policies,
      policy([...REFUSED, ...PUBLIC, 'gone.example.com']),
    );
    expect(made.statusCode).toBe(201);
    expect((await owner.client.post(SERVICE_LINE_API.create, line(['127.0.0.1:5432', '[::1]:6379']))).statusCode).toBe(
      200,
    );
    expect(await ipValidate('127.0.0.1:5432')).toEqual({ success: true });
  });
});
