import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API, WAF_RULE_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { storeKinds } from '../helpers/stores.js';
import { loadSimulatedLines } from '../../src/tools/simulate/control-plane.js';
import { createTrafficGenerator } from '../../src/tools/simulate/traffic-generator.js';

describe.each(storeKinds)('the lines the simulator reads on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const group = 'simlines';

  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, group);
  });
  afterEach(() => t.close());

  it("reads each line's domains, customer package and rules in the line's order, with its switches", async () => {
    for (const [ruleName, body] of [
      ['deny_cn', { wafAction: '01', wafCountry: ['CN'] }],
      ['allow_get', { wafAction: '00', wafHttpMethod: ['GET'] }],
    ] as const) {
      const res = await owner.client.post(WAF_RULE_API.rules, { groupName: group, ruleName, ...body });
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com', 'www.shop.example.com'],
      origins: [{ address: '10.0.0.1' }],
      usedWafRules: [{ value: 'allow_get', isEnabled: false }, { value: 'deny_cn' }],
    });
    expect(created.statusCode).toBe(200);

    const lines = await loadSimulatedLines(t.store.db);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      groupName: group,
      customerPackage: 'standard',
      lineName: 'shop.example',
      domains: ['shop.example.com', 'www.shop.example.com'],
    });
    // The group's plan, which says how far back its events are kept (not the customer package).
    const stored = await t.store.db
      .selectFrom('groups')
      .select('plan')
      .where('name', '=', group)
      .executeTakeFirstOrThrow();
    expect(line!.plan).toBe(stored.plan);
    expect(line!.plan).not.toBe(line!.customerPackage);
    expect(line!.rules.map((r) => [r.ruleName, r.wafAction, r.isEnabled])).toEqual([
      ['allow_get', '00', false],
      ['deny_cn', '01', true],
    ]);
    // What the generator makes of it: Chinese visitors are denied by the saved rule.
    const generator = createTrafficGenerator({ seed: 1, lines });
    const records = Array.from({ length: 3000 }, (_, i) => generator.next(Date.UTC(2026, 10, 20) + i).record);
    const chinese = records.filter((r) => r.country === 'CN');
    expect(chinese.length).toBeGreaterThan(0);
    expect(chinese.every((r) => r.rule === 'deny_cn' && r.status === 403)).toBe(true);
  });
});
