import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BLOCK_PERIOD_MAX_BASIC,
  GROUP_API,
  HTML_PAGE_API,
  ORIGIN_POLICY_API,
  WAF_RULE_API,
  type WafRule,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/** The fields a save sends: everything the API answered but what the server keeps. */
function editable(rule: WafRule): Record<string, unknown> {
  const {
    id: _id,
    groupName: _g,
    ruleName: _n,
    status: _s,
    lastError: _le,
    usedBy: _ub,
    usageCount: _uc,
    createdBy: _cb,
    createdAt: _ca,
    updatedAt: _ua,
    ...fields
  } = rule;
  return fields;
}

describe.each(storeKinds)('firewall rules API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const group = 'ruleowner';
  const create = (body: Record<string, unknown>) =>
    owner.client.post(WAF_RULE_API.rules, { groupName: group, ruleName: 'block_office', ...body });
  const list = async (query: string) =>
    (await owner.client.get(`${WAF_RULE_API.rules}?groupName=${group}&${query}`)).json() as {
      items: WafRule[];
      total: number;
    };
  const setPlan = async (plan: string) => {
    const admin = await signedInAdmin(t);
    // The group has not changed since sign-up made it.
    const res = await admin.call('PATCH', fill(GROUP_API.group, { groupName: group }), { plan, version: 1 });
    expect(res.statusCode).toBe(200);
  };
  beforeEach(async () => {
    // Tasks run when a test drains them, so it sees Deploying for certain.
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, group);
  });
  afterEach(() => t.close());

  it('creates a rule with its defaults, reads it, saves over the version read, refuses a stale save, and deletes', async () => {
    const made = await create({ wafAction: '01', wafIp: ['203.0.113.0/24', '2001:db8::/32'], description: 'Office' });
    expect(made.statusCode).toBe(201);
    const rule = made.json() as WafRule;
    expect(rule).toMatchObject({
      groupName: group,
      ruleName: 'block_office',
      description: 'Office',
      wafAction: '01',
      wafIp: ['203.0.113.0/24', '2001:db8::/32'],
      wafDenyHtmlPageName: 'default',
      wafBucketTime: 300,
      wafSpeedLimit: 10240,
      wafRedirectHttpCode: 302,
      wafUri: [],
      status: 'Deploying',
      lastError: null,
      usedBy: [],
      usageCount: 0,
      createdBy: group,
      version: 1,
    });
    const url = fill(WAF_RULE_API.rule, { id: rule.id });
    expect((await owner.client.get(url)).json()).toEqual(rule);

    await t.app.deploy.drain();
    const saved = await owner.client.put(url, {
      ...editable(rule),
      wafAction: '06',
      wafRedirectUrl: 'https://example.com/closed',
      wafUri: ['^/admin'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ruleName: 'block_office',
      wafAction: '06',
      wafRedirectUrl: 'https://example.com/closed',
      wafUri: ['^/admin'],
      status: 'Deploying',
      version: 2,
    });
    await t.app.deploy.drain();
    const stale = await owner.client.put(url, { ...editable(rule), description: 'late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });

    // The log keeps each change with what was before and after (no id, no status).
    const log = (
      await owner.client.get(`${GROUP_API.audit}?entity=waf-rule&entityId=${rule.id}&groupName=${group}`)
    ).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(log[1]).toMatchObject({ before: null, after: { ruleName: 'block_office', wafAction: '01' } });
    expect(log[0]).toMatchObject({
      before: { wafAction: '01', wafUri: [] },
      after: { ruleName: 'block_office', wafAction: '06', wafUri: ['^/admin'] },
    });
    expect(log[0].after).not.toHaveProperty('id');
    expect(log[0].after).not.toHaveProperty('status');

    expect((await owner.client.delete(url)).statusCode).toBe(200);
    expect((await owner.client.get(url)).statusCode).toBe(404);
    expect((await list('')).total).toBe(0);
  });

  it('refuses a second rule of the same name in the group, and a name outside its charset', async () => {
    expect((await create({})).statusCode).toBe(201);
    const again = await create({});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { ruleName: 'taken' } });
    const bad = await create({ ruleName: 'Block-Office' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ruleName: 'invalid_format' } });
  });

  it('lists by name with search, deep search in values, the filters and paging', async () => {
    await create({ ruleName: 'alpha_deny', wafAction: '01', wafIp: ['198.51.100.7'], description: 'Night shift' });
    await create({ ruleName: 'beta_redirect', wafAction: '06', wafRedirectUrl: 'https://x.test/', wafUri: ['^/shop'] });
    await create({ ruleName: 'gamma_allow', wafAction: '00', wafHeaders: ['User-Agent:curl'] });
    await t.app.deploy.drain();
    await create({ ruleName: 'delta_allow', wafAction: '00', wafCountry: ['FR'] });

    const names = (answer: { items: WafRule[] }) => answer.items.map((r) => r.ruleName);
    expect(names(await list(''))).toEqual(['alpha_deny', 'beta_redirect', 'delta_allow', 'gamma_allow']);
    expect(names(await list('search=ALLOW'))).toEqual(['delta_allow', 'gamma_allow']);
    // Without deep search only the name is looked at.
    expect((await list('search=curl')).total).toBe(0);
    expect(names(await list('search=CURL&deepSearch=true'))).toEqual(['gamma_allow']);
    expect(names(await list('search=198.51.100&deepSearch=true'))).toEqual(['alpha_deny']);
    expect(names(await list('search=night&deepSearch=true'))).toEqual(['alpha_deny']);
    expect(names(await list('search=x.test&deepSearch=true'))).toEqual(['beta_redirect']);
    // Field names are not values; nor are the unused defaults of other actions (every rule
    // keeps wafDenyHtmlPageName "default", only alpha_deny's action uses it).
    expect((await list('search=wafIp&deepSearch=true')).total).toBe(0);
    expect(names(await list('search=default&deepSearch=true'))).toEqual(['alpha_deny']);

    expect(names(await list('wafAction=00'))).toEqual(['delta_allow', 'gamma_allow']);
    expect(names(await list('status=Deploying'))).toEqual(['delta_allow']);
    expect(names(await list('status=Running&wafAction=00'))).toEqual(['gamma_allow']);
    expect(names(await list('search=a&deepSearch=true&wafAction=00&status=Running'))).toEqual(['gamma_allow']);
    expect((await list(`createdBy=${group.toUpperCase()}`)).total).toBe(4);
    expect((await list('createdBy=nobody')).total).toBe(0);
    expect((await list(`createdFrom=${Date.now() + 60_000}`)).total).toBe(0);
    expect((await list(`createdTo=${Date.now() + 60_000}`)).total).toBe(4);

    const second = await list('page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4 });
    expect(names(second)).toEqual(['gamma_allow']);
    const deepSecond = await list('search=a&deepSearch=true&page=2&pageSize=2');
    expect(deepSecond.total).toBe(4);
    expect(names(deepSecond)).toEqual(['delta_allow', 'gamma_allow']);

    const all = await owner.client.get(`${WAF_RULE_API.rules}?groupName=all`);
    expect(all.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { groupName: 'reserved' } });
    expect((await owner.client.get(`${WAF_RULE_API.rules}?groupName=no_such_group`)).statusCode).toBe(404);
  });

  it.each([
    ['deny without its page', { wafAction: '01', wafDenyHtmlPageName: '' }, { wafDenyHtmlPageName: 'required' }],
    ['redirect without a URL', { wafAction: '06' }, { wafRedirectUrl: 'required' }],
    [
      'redirect to a bad URL',
      { wafAction: '06', wafRedirectUrl: 'ftp://x' },
      { wafRedirectUrl: 'invalid_redirect_url' },
    ],
    ['a block period without a rate', { wafAction: '08' }, { wafRate: 'required' }],
    ['set request headers without one', { wafAction: '09' }, { wafSetReqHeaders: 'required' }],
    ['set response headers without one', { wafAction: '10' }, { wafSetResHeaders: 'required' }],
    ['a custom page without its name', { wafAction: '12' }, { wafCustomHtmlPageName: 'required' }],
    ['an origin policy without its name', { wafAction: '13' }, { wafOriginPolicyName: 'required' }],
    ['no condition at all', { wafIp: [] }, { conditions: 'condition_required' }],
    ['a bad network on line 2', { wafIp: ['10.0.0.0/8', '10.0.0.300'] }, { 'wafIp.1': 'invalid_network' }],
    ['a speed limit over its bound', { wafAction: '05', wafSpeedLimit: 102401 }, { wafSpeedLimit: 'too_big' }],
  ])('refuses %s, changing nothing', async (_label, body, fields) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await t.store.db.selectFrom('waf_rules').select('id').execute()).toHaveLength(0);
  });

  it("refuses what the group's plan lacks: an action, a block period over its bound (quoting the bound)", async () => {
    const log = await create({ wafAction: '04' });
    expect(log.statusCode).toBe(400);
    expect(log.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { wafAction: 'action_not_in_plan' } });
    const long = await create({ wafAction: '01', wafBucketTime: BLOCK_PERIOD_MAX_BASIC + 1 });
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { wafBucketTime: 'too_big' },
      details: { fieldParams: { wafBucketTime: { max: String(BLOCK_PERIOD_MAX_BASIC) } } },
    });
    // Both at once, with a missing page, in one answer.
    const all = await create({ wafAction: '08', wafRate: '10/1', wafBucketTime: 3601, wafDenyHtmlPageName: 'gone' });
    expect(all.json().fields).toEqual({
      wafAction: 'action_not_in_plan',
      wafBucketTime: 'too_big',
      wafDenyHtmlPageName: 'not_found',
    });
    expect(await t.store.db.selectFrom('waf_rules').select('id').execute()).toHaveLength(0);

    await setPlan('pro');
    expect((await create({ wafAction: '04' })).statusCode).toBe(201);
    const period = await create({ ruleName: 'slow_down', wafAction: '08', wafRate: '10/1', wafBucketTime: 3601 });
    expect(period.statusCode).toBe(201);
    expect(period.json()).toMatchObject({ wafBucketTime: 3601, wafRate: '10/1' });
  });

  it('needs the pages and policy an action names to exist in the group, and they cannot be deleted under it', async () => {
    const missing = await create({ wafAction: '12', wafCustomHtmlPageName: 'sorry' });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { wafCustomHtmlPageName: 'not_found' } });
    const noPolicy = await create({ wafAction: '13', wafOriginPolicyName: 'pool' });
    expect(noPolicy.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { wafOriginPolicyName: 'not_found' } });

    const page = (
      await owner.client.post(HTML_PAGE_API.pages, { groupName: group, htmlPageName: 'sorry', content: '<p>no</p>' })
    ).json();
    const policy = (
      await owner.client.post(ORIGIN_POLICY_API.policies, {
        groupName: group,
        policyName: 'pool',
        origins: [{ address: '10.0.0.1' }],
      })
    ).json();
    const custom = (await create({ wafAction: '12', wafCustomHtmlPageName: 'sorry' })).json() as WafRule;
    const routed = (
      await create({ ruleName: 'to_pool', wafAction: '13', wafOriginPolicyName: 'pool' })
    ).json() as WafRule;
    // The built-in page exists once looked for: a deny rule of a fresh group may use it.
    const denied = await create({ ruleName: 'deny_all', wafAction: '01' });
    expect(denied.statusCode).toBe(201);
    await t.app.deploy.drain();

    const pageUrl = fill(HTML_PAGE_API.page, { id: page.id });
    const refused = await owner.client.delete(pageUrl);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IN_USE', usedBy: ['block_office'] });
    const policyRefused = await owner.client.delete(fill(ORIGIN_POLICY_API.policy, { id: policy.id }));
    expect(policyRefused.json()).toMatchObject({ code: 'IN_USE', usedBy: ['to_pool'] });

    // The rule's edge file names what it uses by id.
    const edge = JSON.parse(await readFile(path.join(t.dataDir, 'edge', 'waf-rules', `${custom.id}.json`), 'utf8'));
    expect(edge).toMatchObject({
      id: custom.id,
      group,
      name: 'block_office',
      version: 1,
      wafAction: '12',
      wafCustomHtmlPageName: 'sorry',
      wafIp: ['0.0.0.0/0', '::/0'],
      htmlPageId: page.id,
      originPolicyId: null,
    });
    const routedEdge = JSON.parse(
      await readFile(path.join(t.dataDir, 'edge', 'waf-rules', `${routed.id}.json`), 'utf8'),
    );
    expect(routedEdge).toMatchObject({ originPolicyId: policy.id, htmlPageId: null });

    // Once the rule no longer uses the page (another action), the page may go; so may it once the rule is gone.
    const url = fill(WAF_RULE_API.rule, { id: custom.id });
    expect((await owner.client.put(url, { ...editable(custom), wafAction: '00' })).statusCode).toBe(200);
    await t.app.deploy.drain();
    expect((await owner.client.delete(pageUrl)).statusCode).toBe(200);
    expect((await owner.client.delete(fill(WAF_RULE_API.rule, { id: routed.id }))).statusCode).toBe(200);
    expect((await owner.client.delete(fill(ORIGIN_POLICY_API.policy, { id: policy.id }))).statusCode).toBe(200);
    await t.app.deploy.drain();
    await expect(stat(path.join(t.dataDir, 'edge', 'waf-rules', `${routed.id}.json`))).rejects.toThrow();
  });

  it('refuses an edit or a delete while the rule deploys: "WAF Rules is being deployed"', async () => {
    const rule = (await create({})).json() as WafRule;
    const url = fill(WAF_RULE_API.rule, { id: rule.id });
    const edit = await owner.client.put(url, { ...editable(rule), description: 'now' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'WAF_RULE_DEPLOYING',
      message: 'WAF Rules is being deployed. Please try again.',
    });
    expect((await owner.client.delete(url)).json()).toMatchObject({ code: 'WAF_RULE_DEPLOYING' });
    await t.app.deploy.drain();
    expect((await owner.client.get(url)).json()).toMatchObject({ status: 'Running', version: 1 });
    expect((await owner.client.put(url, { ...editable(rule), description: 'now' })).statusCode).toBe(200);
  });

  it('asks for firewallRules: read to see, write to change', async () => {
    const rule = (await create({})).json() as WafRule;
    await t.app.deploy.drain();
    const admin = await signedInAdmin(t);
    const reader = await signUpConfirmed(t, 'reader');
    await admin.put(fill(GROUP_API.member, { groupName: group, username: 'reader' }), {
      rolePermissions: { firewallRules: { read: true, write: false } },
    });
    const url = fill(WAF_RULE_API.rule, { id: rule.id });
    expect((await reader.client.get(url)).statusCode).toBe(200);
    expect((await reader.client.get(`${WAF_RULE_API.rules}?groupName=${group}`)).json().total).toBe(1);
    expect((await reader.client.put(url, { ...editable(rule), description: 'x' })).statusCode).toBe(403);
    expect((await reader.client.delete(url)).statusCode).toBe(403);
    const made = await reader.client.post(WAF_RULE_API.rules, { groupName: group, ruleName: 'other' });
    expect(made.statusCode).toBe(403);

    const outsider = await signUpConfirmed(t, 'outsider');
    expect((await outsider.client.get(url)).statusCode).toBe(404);
    expect((await outsider.client.delete(url)).statusCode).toBe(404);
  });
});
