import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, PLANS, WAF_RULE_API, wafRuleSettingsSchema } from '@parapet/shared';
import { newWafRuleRow } from '../../src/modules/waf-rules/waf-rules.kind.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('firewall rule quota on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const group = 'fwquota';
  const max = PLANS.basic.resourceLimits.maxWafRuleCount;
  const create = (ruleName: string) => owner.client.post(WAF_RULE_API.rules, { groupName: group, ruleName });
  const usage = async () =>
    (await owner.client.get(`${GROUP_API.resourceLimits}?groupName=${group}`)).json().usage.maxWafRuleCount;
  /** Rules made straight in the store, to reach the quota without a request each. */
  const seedRules = async (n: number) => {
    const settings = wafRuleSettingsSchema.parse({});
    for (let i = 0; i < n; i += 1)
      await t.store.db
        .insertInto('waf_rules')
        .values({ ...newWafRuleRow(group, `pre_${i}`, settings, 'seed'), status: 'Running' })
        .execute();
  };
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, group);
  });
  afterEach(() => t.close());

  it('counts the rules for real on the subscription page', async () => {
    expect(await usage()).toBe(0);
    const one = (await create('one')).json();
    await create('two');
    expect(await usage()).toBe(2);
    await t.app.deploy.drain();
    expect((await owner.client.delete(fill(WAF_RULE_API.rule, { id: one.id }))).statusCode).toBe(200);
    expect(await usage()).toBe(1);
  });

  it('says "There are not available rules to create" once the quota is used up', async () => {
    await seedRules(max);
    const res = await create('one_more');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'NO_RULES_AVAILABLE',
      message: 'Failed to create. There are not available rules to create.',
    });
    expect(await usage()).toBe(max);
  });

  it('lets exactly one of two creates racing for the last slot through', async () => {
    await seedRules(max - 1);
    const answers = await Promise.all([create('racer_a'), create('racer_b'), create('racer_c')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403]);
    for (const lost of answers.filter((a) => a.statusCode === 403))
      expect(lost.json()).toMatchObject({ code: 'NO_RULES_AVAILABLE' });
    expect(await usage()).toBe(max);
    const racers = await t.store.db
      .selectFrom('waf_rules')
      .select('rule_name')
      .where('rule_name', 'like', 'racer%')
      .execute();
    expect(racers).toHaveLength(1);
  });
});
