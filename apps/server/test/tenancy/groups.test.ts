import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, USER_API, fullAccess, readOnlyAccess } from '@parapet/shared';
import { ensureDefaultGroup } from '../../src/modules/groups/default-group.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import type { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';
import { makeEvent } from '../event-store/contract.js';

describe.each(storeKinds)('groups and members on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    admin = await signedInAdmin(t);
  });
  afterEach(() => t.close());

  it('a fresh install has the group "default" holding the admin, on the basic plan', async () => {
    await ensureDefaultGroup(t.store.db);
    await ensureDefaultGroup(t.store.db);
    const groups = (await admin.get(GROUP_API.groups)).json().items;
    expect(groups).toMatchObject([{ name: 'default', plan: 'basic', memberCount: 1 }]);
    expect((await admin.get(USER_API.me)).json().inGroupsRole).toEqual([
      { groupName: 'default', rolePermissions: fullAccess() },
    ]);
  });

  it('a customer who signs up gets a group of their own with every permission', async () => {
    const account = await signUpConfirmed(t, 'Ann.Lee');
    const me = (await account.client.get(USER_API.me)).json();
    expect(me.inGroupsRole).toEqual([{ groupName: 'ann-lee', rolePermissions: fullAccess() }]);
    expect((await account.client.get(GROUP_API.groups)).json().items.map((g: { name: string }) => g.name)).toEqual([
      'ann-lee',
    ]);
  });

  it('admins create, rename, re-plan and delete groups, refusing a stale version and reserved names', async () => {
    expect((await admin.post(GROUP_API.groups, { name: 'acme' })).json()).toMatchObject({
      name: 'acme',
      plan: 'basic',
      version: 1,
    });
    expect((await admin.post(GROUP_API.groups, { name: 'acme' })).json().code).toBe('ALREADY_EXISTS');
    expect((await admin.post(GROUP_API.groups, { name: 'all' })).json().fields).toEqual({ name: 'reserved' });
    expect((await admin.post(GROUP_API.groups, { name: 'Bad Name' })).json().fields).toEqual({
      name: 'invalid_format',
    });

    const url = fill(GROUP_API.group, { groupName: 'acme' });
    expect((await admin.call('PATCH', url, { plan: 'pro', version: 1 })).json()).toMatchObject({
      plan: 'pro',
      version: 2,
    });
    expect((await admin.call('PATCH', url, { plan: 'enterprise', version: 1 })).statusCode).toBe(409);

    const account = await signUpConfirmed(t, 'bea');
    await admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'bea' }), {
      rolePermissions: readOnlyAccess(),
    });
    const renamed = await admin.call('PATCH', url, { name: 'acme-corp', version: 2 });
    expect(renamed.json()).toMatchObject({ name: 'acme-corp', plan: 'pro', version: 3, memberCount: 1 });
    expect(
      (await account.client.get(USER_API.me)).json().inGroupsRole.map((g: { groupName: string }) => g.groupName),
    ).toEqual(['acme-corp', 'bea']);

    expect((await admin.delete(fill(GROUP_API.group, { groupName: 'acme-corp' }))).statusCode).toBe(200);
    expect((await admin.get(GROUP_API.groups)).json().items.map((g: { name: string }) => g.name)).toEqual(['bea']);
  });

  it("a group's events follow its rename and go with its deletion, so a new group of the old name reads none", async () => {
    await admin.post(GROUP_API.groups, { name: 'acme' });
    const events = await t.app.events.get();
    await events.insert(Array.from({ length: 5 }, (_, i) => makeEvent('acme', i)));
    const count = async (groupName: string) =>
      (await events.search({ groupName, from: 0, to: Number.MAX_SAFE_INTEGER, filters: [], limit: 50 })).rows.length;

    const url = fill(GROUP_API.group, { groupName: 'acme' });
    expect((await admin.call('PATCH', url, { name: 'acme-corp', version: 1 })).statusCode).toBe(200);
    expect(await count('acme-corp')).toBe(5);
    expect(await count('acme')).toBe(0);

    await admin.post(GROUP_API.groups, { name: 'acme' });
    expect(await count('acme')).toBe(0);
    expect((await admin.delete(fill(GROUP_API.group, { groupName: 'acme-corp' }))).statusCode).toBe(200);
    expect(await count('acme-corp')).toBe(0);
  });

  it("admins add members, change their permissions and remove them, which ends the member's sessions", async () => {
    await admin.post(GROUP_API.groups, { name: 'acme' });
    const bea = await signUpConfirmed(t, 'bea');
    const member = fill(GROUP_API.member, { groupName: 'acme', username: 'bea' });
    const role = { firewallRules: { read: true, write: false } };
    expect((await admin.put(member, { rolePermissions: role })).json()).toMatchObject({
      username: 'bea',
      rolePermissions: role,
    });
    expect(
      (await admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'nobody' }), { rolePermissions: role }))
        .statusCode,
    ).toBe(404);
    expect((await admin.get(fill(GROUP_API.members, { groupName: 'acme' }))).json().items).toHaveLength(1);

    await admin.put(member, { rolePermissions: fullAccess() });
    expect((await bea.client.get(USER_API.me)).json().inGroupsRole[0]).toEqual({
      groupName: 'acme',
      rolePermissions: fullAccess(),
    });
    expect((await admin.delete(member)).statusCode).toBe(200);
    expect((await bea.client.get(USER_API.me)).statusCode).toBe(401);
  });

  it('only admins change groups; members see their own', async () => {
    const bea = await signUpConfirmed(t, 'bea');
    for (const [method, url, body] of [
      ['POST', GROUP_API.groups, { name: 'mine' }],
      ['PATCH', fill(GROUP_API.group, { groupName: 'bea' }), { plan: 'enterprise', version: 1 }],
      ['DELETE', fill(GROUP_API.group, { groupName: 'bea' }), undefined],
      ['GET', fill(GROUP_API.members, { groupName: 'bea' }), undefined],
      ['PUT', fill(GROUP_API.member, { groupName: 'bea', username: 'bea' }), { rolePermissions: fullAccess() }],
      ['GET', GROUP_API.users, undefined],
    ] as const) {
      expect((await bea.client.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await bea.client.get(GROUP_API.groups)).json().items).toMatchObject([{ name: 'bea', plan: 'basic' }]);
  });

  it('writes every change to the audit log with before and after, secrets left out', async () => {
    await admin.post(GROUP_API.groups, { name: 'acme' });
    await admin.call('PATCH', fill(GROUP_API.group, { groupName: 'acme' }), { plan: 'pro', version: 1 });
    await admin.post(GROUP_API.users, { username: 'carl', email: 'carl@example.test', password: PASSWORD });
    const log = (await admin.get(`${GROUP_API.audit}?entity=group&entityId=acme`)).json().items;
    expect(log).toMatchObject([
      { actor: 'root', action: 'update', before: { plan: 'basic' }, after: { plan: 'pro' } },
      { actor: 'root', action: 'create', before: null, after: { name: 'acme', plan: 'basic' } },
    ]);
    const userLog = (await admin.get(`${GROUP_API.audit}?entity=user&entityId=carl`)).json().items;
    expect(userLog[0].after).toEqual({ username: 'carl', email: 'carl@example.test' });
    expect(JSON.stringify(userLog)).not.toContain(PASSWORD);
  });
});
