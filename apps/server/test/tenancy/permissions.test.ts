import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GROUP_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  fullAccess,
  type RolePermissions,
  type ServiceLine,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import type { ApiClient } from '../helpers/client.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/**
 * Permissions below the page (issue 11, item 4): a line's children are enforced on every call
 * that changes them, and the audit log needs the read of the entity's area.
 */
const GROUP = 'lineowner';
/** An origin as a save sends it (the schema fills in weight, backup and enabled). */
const origin = (address: string) => ({ address }) as unknown as ServiceLine['origins'][number];
const LINE = 'shop.example';

/** Line write, but origins, domains, TLS and cache rules only readable. */
const limitedLines = (): RolePermissions => ({
  ...fullAccess(),
  serviceLines: {
    read: true,
    write: true,
    children: {
      origin: { read: true, write: false },
      domains: { read: true, write: false },
      ssl: { read: true, write: false },
      cacheRules: { read: true, write: false },
    },
  },
});

describe.each(storeKinds)('permissions below the page on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  let admin: ApiClient;
  let line: ServiceLine;

  /** A user of their own group, made a member of the owner's group with this role. */
  async function member(username: string, role: RolePermissions): Promise<ApiClient> {
    const account = await signUpConfirmed(t, username);
    const put = await admin.put(fill(GROUP_API.member, { groupName: GROUP, username }), { rolePermissions: role });
    if (put.statusCode !== 200) throw new Error(put.body);
    return account.client;
  }
  const fresh = async () =>
    (await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).json() as ServiceLine;
  /** The update body: the line as read, with some settings changed. */
  const save = (client: ApiClient, base: ServiceLine, change: Partial<ServiceLine>) => {
    const { status: _s, lastError: _l, cnameto: _c, createdBy: _b, createdAt: _a, updatedAt: _u, ...body } = base;
    return client.post(SERVICE_LINE_API.update, { ...body, ...change });
  };

  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false', ALLOW_PRIVATE_ORIGINS: 'true' } });
    owner = await signUpConfirmed(t, GROUP);
    admin = await signedInAdmin(t);
    const made = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: GROUP,
      appProfileName: LINE,
      customerPackage: 'standard',
      servername: ['shop.example.com', 'www.shop.example.com'],
      origins: [{ address: '10.0.0.1' }],
    });
    expect(made.statusCode).toBe(200);
    await t.app.deploy.drain();
    line = (
      await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: GROUP, appProfileName: LINE }))
    ).json();
  });
  afterEach(() => t.close());

  it('a line save needs the write of each child whose settings changed', async () => {
    const limited = await member('limited', limitedLines());
    const refused = async (change: Partial<ServiceLine>) => {
      const res = await save(limited, await fresh(), change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    };
    await refused({ origins: [origin('10.0.0.9')] });
    await refused({ servername: ['shop.example.com', 'www.shop.example.com', 'new.example.com'] });
    await refused({ scheme: ['http', 'https'], httpsPort: [443] });
    await refused({ cusCachepath: '/static' });
    expect((await fresh()).version).toBe(line.version);

    // Children the role leaves to the parent's write, and a save that changes nothing.
    const described = await save(limited, await fresh(), { description: 'by a limited member', upstreamTimeout: 120 });
    expect(described.statusCode).toBe(200);
    await t.app.deploy.drain();
    expect(await fresh()).toMatchObject({
      description: 'by a limited member',
      upstreamTimeout: 120,
      origins: line.origins,
      servername: line.servername,
    });
    expect((await save(limited, await fresh(), {})).statusCode).toBe(200);
    await t.app.deploy.drain();

    // A stale save is a conflict first, whatever it would change.
    expect((await save(limited, line, { origins: [origin('10.0.0.8')] })).json().code).toBe('VERSION_CONFLICT');
    // The owner, with every permission, changes origins.
    expect((await save(owner.client, await fresh(), { origins: [origin('10.0.0.9')] })).statusCode).toBe(200);
  });

  it('a child present with write decides for itself, even where the parent has none', async () => {
    const originsOnly = await member('originsonly', {
      ...fullAccess(),
      serviceLines: { read: true, write: false, children: { origin: { read: true, write: true } } },
    });
    expect((await save(originsOnly, await fresh(), { origins: [origin('10.0.0.7')] })).statusCode).toBe(200);
    await t.app.deploy.drain();
    expect((await save(originsOnly, await fresh(), { description: 'not mine' })).statusCode).toBe(403);
  });

  it('the domain calls need the domains child, clearing cache the cache rules child', async () => {
    const limited = await member('limited', limitedLines());
    const ids = { id: line.id };
    const calls = [
      limited.post(SERVICE_LINE_API.addDomain, {
        groupName: GROUP,
        appProfileName: LINE,
        servername: ['api.example.com'],
      }),
      limited.post(fill(SERVICE_LINE_API.bulkEditDomains, ids), { domains: ['shop.example.com'], description: 'x' }),
      limited.post(fill(SERVICE_LINE_API.bulkDeleteDomains, ids), { domains: ['www.shop.example.com'] }),
      limited.post(fill(SERVICE_LINE_API.purge, ids), { paths: [] }),
      limited.post(fill(SERVICE_LINE_API.purge, ids), { paths: ['/a'], domains: ['shop.example.com'] }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    expect((await fresh()).servername).toEqual(line.servername);
    // Reading the domains stays allowed; without the child's read it is not.
    expect((await limited.get(fill(SERVICE_LINE_API.domains, ids))).statusCode).toBe(200);
    const blind = await member('blind', {
      ...fullAccess(),
      serviceLines: { read: true, write: true, children: { domains: { read: false } } },
    });
    expect((await blind.get(fill(SERVICE_LINE_API.domains, ids))).statusCode).toBe(403);
    expect((await blind.post(SERVICE_LINE_API.checkCname, { groupName: GROUP, appProfileName: LINE })).statusCode).toBe(
      403,
    );
    // The owner does all of it.
    expect((await owner.client.post(fill(SERVICE_LINE_API.purge, ids), { paths: [] })).statusCode).toBe(200);
  });

  it("the audit log needs the read of the entity's area", async () => {
    const policy = await owner.client.post(ORIGIN_POLICY_API.policies, {
      groupName: GROUP,
      policyName: 'pool',
      origins: [{ address: '10.1.2.3' }],
    });
    expect(policy.statusCode).toBe(201);
    const audit = (client: ApiClient, entity: string) =>
      client.get(`${GROUP_API.audit}?entity=${entity}&groupName=${GROUP}`);

    const noPolicies = await member('nopolicies', { ...fullAccess(), originPolicy: { read: false, write: false } });
    expect((await audit(noPolicies, 'origin-policy')).statusCode).toBe(403);
    expect((await audit(noPolicies, 'service-line')).statusCode).toBe(200);
    const noLines = await member('nolines', { ...fullAccess(), serviceLines: { read: false, write: false } });
    expect((await audit(noLines, 'service-line')).statusCode).toBe(403);
    expect((await audit(noLines, 'made-up')).statusCode).toBe(403);
    expect((await audit(noLines, 'group')).statusCode).toBe(403);

    const reader = await member('reader', { originPolicy: { read: true } });
    const log = await audit(reader, 'origin-policy');
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json().items)).toContain('10.1.2.3');
    expect((await audit(reader, 'cert')).statusCode).toBe(403);
    expect((await audit(admin, 'origin-policy')).statusCode).toBe(200);
  });
});
