import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, PLANS } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('plans, limits and prefs on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { HOME_PAGE_ENABLED: 'false', LANDING_PAGE_PATH: '/service-lines' } });
  });
  afterEach(() => t.close());

  it("shows a member their group's plan, limits and usage, and hides other groups", async () => {
    const ann = await signUpConfirmed(t, 'ann');
    await signUpConfirmed(t, 'ben');
    const limits = await ann.client.get(`${GROUP_API.resourceLimits}?groupName=ann`);
    expect(limits.json()).toMatchObject({
      groupName: 'ann',
      plan: { planName: 'basic', wafActions: ['00', '01', '06', '12', '13'] },
    });
    expect(limits.json().plan.resourceLimits).toEqual(PLANS.basic.resourceLimits);
    expect(limits.json().usage).toEqual({
      maxAppProfileCount: 0,
      maxWafRuleCount: 0,
      maxHtmlPageCount: 0,
      maxCertCount: 0,
      maxOriginPolicyCount: 0,
    });
    expect((await ann.client.get(`${GROUP_API.resourceLimits}?groupName=ben`)).statusCode).toBe(404);
    expect((await ann.client.get(`${GROUP_API.resourceLimits}?groupName=nope`)).statusCode).toBe(404);
  });

  it('answers the platform plan of a group, following an admin plan change', async () => {
    const ann = await signUpConfirmed(t, 'ann');
    const admin = await signedInAdmin(t);
    expect((await ann.client.get(`${GROUP_API.platformPlan}?groupName=ann`)).json().currentPlan).toBe('basic');
    await admin.call('PATCH', fill(GROUP_API.group, { groupName: 'ann' }), { plan: 'enterprise', version: 1 });
    const plan = (await ann.client.get(`${GROUP_API.platformPlan}?groupName=ann`)).json();
    expect(plan.currentPlan).toBe('enterprise');
    expect(plan.planSpec.map((p: { planName: string }) => p.planName)).toEqual(['basic', 'pro', 'enterprise']);
    expect(plan.planSpec[2].resourceLimits.blockPeriodMax).toBe(86400);
    expect(plan.planSpec[0].resourceLimits.blockPeriodMax).toBe(3600);
  });

  it('answers the configured landing page', async () => {
    const ann = await signUpConfirmed(t, 'ann');
    expect((await ann.client.get(GROUP_API.platformPrefs)).json()).toEqual({
      hasHomePage: false,
      landingPagePath: '/service-lines',
      groupListWithAll: true,
    });
  });
});
