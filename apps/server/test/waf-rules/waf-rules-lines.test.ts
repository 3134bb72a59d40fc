import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, SERVICE_LINE_API, WAF_RULE_API, type WafRule } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)("a line's firewall rules on %s", (kind) => {
  let t: TestApp;
  let owner: Account;
  const group = 'fwlines';
  const line = (over: Record<string, unknown> = {}) =>
    owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: '10.0.0.1' }],
      ...over,
    });
  const rule = async (ruleName: string, body: Record<string, unknown> = {}) => {
    const res = await owner.client.post(WAF_RULE_API.rules, { groupName: group, ruleName, ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as WafRule;
  };
  const ruleNamed = async (name: string) =>
    (await owner.client.get(`${WAF_RULE_API.rules}?groupName=${group}&search=${name}`)).json().items[0] as WafRule;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, group);
  });
  afterEach(() => t.close());

  it('refuses a line that names a rule the group does not have (seen: "no-such-rule" saved and deployed)', async () => {
    const res = await line({ usedWafRules: [{ value: 'no-such-rule' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'usedWafRules.0.value': 'not_found' } });
    expect(await t.store.db.selectFrom('service_lines').select('id').execute()).toHaveLength(0);
  });

  it("refuses a rule named twice, and another group's rule of that name", async () => {
    await rule('deny_bots', { wafAction: '01' });
    const twice = await line({ usedWafRules: [{ value: 'deny_bots' }, { value: 'deny_bots', isEnabled: false }] });
    expect(twice.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'usedWafRules.1.value': 'duplicate_entry' },
    });
    // A rule of the same name in another group is not this group's.
    const other = await signUpConfirmed(t, 'othergroup');
    const line2 = await other.client.post(SERVICE_LINE_API.create, {
      groupName: 'othergroup',
      appProfileName: 'other.example',
      customerPackage: 'standard',
      servername: ['other.example.com'],
      origins: [{ address: '10.0.0.1' }],
      usedWafRules: [{ value: 'deny_bots' }],
    });
    expect(line2.json()).toMatchObject({ fields: { 'usedWafRules.0.value': 'not_found' } });
  });

  it('uses its rules in order: they count the line, cannot be deleted while used, and deploy with their ids', async () => {
    const first = await rule('allow_office', { wafAction: '00', wafIp: ['203.0.113.0/24'] });
    const second = await rule('deny_all', { wafAction: '01' });
    const unused = await rule('spare', { wafAction: '00' });
    const made = await line({
      usedWafRules: [{ value: 'deny_all', isEnabled: false }, { value: 'allow_office' }],
    });
    expect(made.statusCode).toBe(200);
    await t.app.deploy.drain();

    expect(await ruleNamed('deny_all')).toMatchObject({ usedBy: ['shop.example'], usageCount: 1 });
    expect(await ruleNamed('spare')).toMatchObject({ usedBy: [], usageCount: 0 });
    const refused = await owner.client.delete(fill(WAF_RULE_API.rule, { id: second.id }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IN_USE', message: 'is used by service', usedBy: ['shop.example'] });
    expect((await owner.client.delete(fill(WAF_RULE_API.rule, { id: unused.id }))).statusCode).toBe(200);

    const lineRow = await t.store.db.selectFrom('service_lines').select('id').executeTakeFirstOrThrow();
    const edge = JSON.parse(
      await readFile(path.join(t.dataDir, 'edge', 'service-lines', `${lineRow.id}.json`), 'utf8'),
    );
    expect(edge.wafRules).toEqual([
      { id: second.id, name: 'deny_all', isEnabled: false },
      { id: first.id, name: 'allow_office', isEnabled: true },
    ]);

    // Taken off the line, the rule is free to go.
    const current = (
      await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: group, appProfileName: 'shop.example' }))
    ).json();
    const saved = await owner.client.post(SERVICE_LINE_API.update, {
      ...current,
      usedWafRules: [{ value: 'allow_office' }],
    });
    expect(saved.statusCode).toBe(200);
    expect(await ruleNamed('deny_all')).toMatchObject({ usedBy: [], usageCount: 0 });
    expect((await owner.client.delete(fill(WAF_RULE_API.rule, { id: second.id }))).statusCode).toBe(200);
  });

  it('checks a network for the form (IP or CIDR, IPv4 or IPv6) and whether a rule name is taken', async () => {
    const valid = async (val: string) =>
      (await owner.client.post(SERVICE_LINE_API.ipValidate, { topic: 'network', val })).json();
    expect(await valid('203.0.113.0/24')).toEqual({ success: true });
    expect(await valid('2001:db8::/32')).toEqual({ success: true });
    expect(await valid(' 198.51.100.7 ')).toEqual({ success: true });
    expect(await valid('10.0.0.0/33')).toEqual({ success: false });
    expect(await valid('shop.example.com')).toEqual({ success: false });

    await rule('deny_bots');
    const exists = (who: Account, fieldVal: string) =>
      who.client.get(`${SERVICE_LINE_API.documentExist}?topic=wafRuleName&groupName=${group}&fieldVal=${fieldVal}`);
    expect((await exists(owner, 'deny_bots')).json()).toEqual({ exist: true });
    expect((await exists(owner, 'deny_cats')).json()).toEqual({ exist: false });

    // A rule name needs firewallRules read; a line name still needs serviceLines read.
    const admin = await signedInAdmin(t);
    const fwOnly = await signUpConfirmed(t, 'fwonly');
    await admin.put(fill(GROUP_API.member, { groupName: group, username: 'fwonly' }), {
      rolePermissions: { firewallRules: { read: true } },
    });
    expect((await exists(fwOnly, 'deny_bots')).json()).toEqual({ exist: true });
    const lineName = await fwOnly.client.get(
      `${SERVICE_LINE_API.documentExist}?topic=appProfileName&groupName=${group}&fieldVal=x`,
    );
    expect(lineName.statusCode).toBe(403);
    const linesOnly = await signUpConfirmed(t, 'linesonly');
    await admin.put(fill(GROUP_API.member, { groupName: group, username: 'linesonly' }), {
      rolePermissions: { serviceLines: { read: true } },
    });
    expect((await exists(linesOnly, 'deny_bots')).statusCode).toBe(403);
  });
});
