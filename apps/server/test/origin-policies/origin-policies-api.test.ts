import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, ORIGIN_POLICY_API, PLANS } from '@parapet/shared';
import { insertPolicyRow } from '../../src/modules/origin-policies/origin-policies.repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('origin policies API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const create = (body: Record<string, unknown>) =>
    owner.client.post(ORIGIN_POLICY_API.policies, {
      groupName: owner.username,
      policyName: 'web_pool',
      origins: [{ address: '10.0.0.1' }, { address: 'origin.example.com:8080', weight: 5, backup: true }],
      ...body,
    });
  beforeEach(async () => {
    t = await buildTestApp(kind);
    owner = await signUpConfirmed(t, 'poolowner');
  });
  afterEach(() => t.close());

  it('creates a policy with its defaults, lists, edits its name over the version read, and deletes', async () => {
    const made = await create({});
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      policyName: 'web_pool',
      region: ['default'],
      loadBalancerMethod: 'ipHash',
      healthCheckMode: 'tcp',
      healthCheckInterval: 10,
      healthCheckTimeout: 500,
      healthCheckSuccess: 2,
      healthCheckFail: 3,
      status: 'Deploying',
      usageCount: 0,
      usedBy: [],
      version: 1,
    });
    expect(made.json().health).toEqual([
      { address: '10.0.0.1', health: 'unchecked', checkedAt: null, reason: null, httpStatus: null },
      { address: 'origin.example.com:8080', health: 'unchecked', checkedAt: null, reason: null, httpStatus: null },
    ]);
    await t.app.deploy.drain();
    expect((await owner.client.get(`${ORIGIN_POLICY_API.policies}?groupName=poolowner&search=WEB`)).json().total).toBe(
      1,
    );

    const url = fill(ORIGIN_POLICY_API.policy, { id: made.json().id });
    const {
      id: _id,
      groupName: _g,
      status: _s,
      lastError: _le,
      health: _h,
      usedBy: _ub,
      usageCount: _u,
      createdBy: _c,
      createdAt: _ca,
      updatedAt: _ua,
      ...fields
    } = made.json();
    const renamed = await owner.client.put(url, { ...fields, policyName: 'api_pool', loadBalancerMethod: 'weight' });
    expect(renamed.json()).toMatchObject({ policyName: 'api_pool', loadBalancerMethod: 'weight', version: 2 });
    await t.app.deploy.drain();
    expect((await owner.client.put(url, { ...fields, version: 1 })).json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await owner.client.delete(url)).statusCode).toBe(200);
    const log = (
      await owner.client.get(`${GROUP_API.audit}?entity=origin-policy&entityId=${made.json().id}&groupName=poolowner`)
    ).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({ before: { policyName: 'web_pool' }, after: { policyName: 'api_pool' } });
  });

  it.each([
    [
      'an invalid origin address',
      { origins: [{ address: '300.1.1.1' }] },
      { 'origins.0.address': 'invalid_origin_address' },
    ],
    [
      'the same origin twice',
      { origins: [{ address: '10.0.0.1' }, { address: '10.0.0.1' }] },
      { 'origins.1.address': 'duplicate_entry' },
    ],
    ['a weight out of range', { origins: [{ address: '10.0.0.1', weight: 101 }] }, { 'origins.0.weight': 'too_big' }],
    ['no origin', { origins: [] }, { origins: 'too_small' }],
    ['no region', { region: [] }, { region: 'too_small' }],
    ['a name outside its charset', { policyName: 'Web-Pool' }, { policyName: 'invalid_format' }],
  ])('refuses %s, changing nothing', async (_label, body, fields) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await t.store.db.selectFrom('origin_policies').select('id').execute()).toHaveLength(0);
  });

  it('refuses a second policy of the same name in the group', async () => {
    await create({});
    const again = await create({});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { policyName: 'taken' } });
    expect(
      (await owner.client.get(`${GROUP_API.resourceLimits}?groupName=poolowner`)).json().usage.maxOriginPolicyCount,
    ).toBe(1);
  });

  it("enforces the plan's origin-policy quota", async () => {
    const now = Date.now();
    const limit = PLANS.basic.resourceLimits.maxOriginPolicyCount;
    for (let i = 0; i < limit; i += 1) {
      await insertPolicyRow(t.store.db, {
        id: `pre-${i}`,
        group_name: 'poolowner',
        policy_name: `pre${i}`,
        settings: '{}',
        status: 'Running',
        last_error: null,
        created_by: 'x',
        created_at: now,
        updated_at: now,
      });
    }
    const res = await create({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(await t.store.db.selectFrom('origin_policies').select('id').execute()).toHaveLength(limit);
  });
});
