import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BLOCK_PERIOD_MAX_BASIC,
  GROUP_API,
  WAF_DRY_RUN_RANGE_MS,
  WAF_RULE_API,
  fullAccess,
  storedEventSchema,
  wafRuleSettingsSchema,
  type EventRecordInput,
  type StoredEvent,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../src/modules/event-store/duckdb-store.js';
import type { EventStore } from '../../src/modules/event-store/event-store.js';
import { dryRunRule, sliceShares } from '../../src/modules/waf-rules/dry-run.service.js';

/** The rule dry run, POST /api/waf-rules/dry-run (issue 13 item 6). */

const HOUR = 60 * 60_000;
const ALPHA = 'alphafw';
const BETA = 'betafw';

let serial = 0;
const stored = (groupName: string, timestamp: number, patch: Partial<EventRecordInput> = {}): StoredEvent =>
  storedEventSchema.parse({
    req_id: `r${++serial}`,
    timestamp,
    server_name: `${groupName}.example.com`,
    client_ip: '203.0.113.9',
    status: 200,
    group_name: groupName,
    customer_package: 'standard',
    ...patch,
  });

/** Private addresses asking for /admin: what the rules below look for. */
const ADMIN_RULE = { wafIp: ['10.0.0.0/8'], wafUri: ['^/admin'] };

describe.each(storeKinds)('the rule dry run on %s', (kind) => {
  let t: TestApp;
  let alpha: Account;
  let beta: Account;
  const dryRun = (rule: Record<string, unknown>, account: Account = alpha, groupName = ALPHA) =>
    account.client.post(WAF_RULE_API.dryRun, { groupName, rule });

  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    alpha = await signUpConfirmed(t, ALPHA);
    beta = await signUpConfirmed(t, BETA);
    const now = Date.now();
    const events = await t.app.events.get();
    await events.insert([
      stored(ALPHA, now - 1 * HOUR, { client_ip: '10.1.2.3', uri: '/admin/login', country: 'DE' }),
      stored(ALPHA, now - 2 * HOUR, { client_ip: '10.1.2.4', uri: '/admin/users', method: 'POST' }),
      stored(ALPHA, now - 3 * HOUR, { client_ip: '203.0.113.9', uri: '/admin/login' }),
      stored(ALPHA, now - 4 * HOUR, { client_ip: '10.1.2.5', uri: '/shop' }),
      stored(ALPHA, now - 5 * HOUR, { client_ip: '10.1.2.6', uri: '/admin/api', req_headers: { 'x-api-key': 'k1' } }),
      // Older than the range: never judged.
      stored(ALPHA, now - WAF_DRY_RUN_RANGE_MS - HOUR, { client_ip: '10.1.2.7', uri: '/admin/old' }),
      // Another group's requests that the rule would match.
      ...[1, 2, 3].map((n) => stored(BETA, now - n * HOUR, { client_ip: `10.9.9.${n}`, uri: '/admin/x' })),
    ]);
  });
  afterEach(() => t.close());

  it('counts exactly the requests of the last 24 hours the rule matches', async () => {
    const res = await dryRun(ADMIN_RULE);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ matched: 3, examined: 5, totalInRange: 5, sampled: false, unjudged: [] });
    expect(answer.to - answer.from).toBe(WAF_DRY_RUN_RANGE_MS);
    expect(Math.abs(answer.to - Date.now())).toBeLessThan(60_000);

    // An exclusion spares what it names; a condition on the method or country narrows.
    expect((await dryRun({ ...ADMIN_RULE, wafHeadersNotExist: ['x-api-key'] })).json().matched).toBe(2);
    expect((await dryRun({ ...ADMIN_RULE, wafHttpMethod: ['POST'] })).json().matched).toBe(1);
    expect((await dryRun({ ...ADMIN_RULE, wafCountry: ['DE'] })).json().matched).toBe(1);
    expect((await dryRun({ wafUri: ['^/nothing-here'] })).json()).toMatchObject({ matched: 0, examined: 5 });
  });

  it('lists the parts it cannot judge and counts as if the rate and OWASP conditions held', async () => {
    // '08' is not a basic plan's action: the group's own plan is checked first.
    const admin = await signedInAdmin(t);
    const pro = await admin.call('PATCH', fill(GROUP_API.group, { groupName: ALPHA }), { plan: 'pro', version: 1 });
    expect(pro.statusCode, pro.body).toBe(200);
    const res = await dryRun({ ...ADMIN_RULE, wafRate: '10/1', wafOwasp: ['41000_sqli'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ matched: 3, unjudged: ['wafRate', 'wafOwasp'] });
    const block = await dryRun({ ...ADMIN_RULE, wafAction: '08', wafRate: '10/1' });
    expect(block.json().unjudged).toEqual(['wafRate', 'wafBucketTime']);
    const denyThenBlock = await dryRun({ ...ADMIN_RULE, wafAction: '01', wafIsDenyThenBucket: true });
    expect(denyThenBlock.json().unjudged).toEqual(['wafIsDenyThenBucket']);
  });

  it("never counts another group's requests", async () => {
    const own = await dryRun(ADMIN_RULE, beta, BETA);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ matched: 3, examined: 3, totalInRange: 3 });

    // Aimed at a group the caller is not in: not found, and nothing of it told.
    const aimed = await dryRun(ADMIN_RULE, beta, ALPHA);
    expect(aimed.statusCode).toBe(404);
    expect(aimed.body).not.toMatch(/matched|examined/);
    expect((await dryRun(ADMIN_RULE, beta, 'all')).statusCode).toBe(400);

    // A member who may not read the group's firewall rules is refused.
    const admin = await signedInAdmin(t);
    const added = await admin.put(fill(GROUP_API.member, { groupName: ALPHA, username: BETA }), {
      rolePermissions: { ...fullAccess(), firewallRules: { read: false, write: false } },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await dryRun(ADMIN_RULE, beta, ALPHA)).statusCode).toBe(403);
  });

  it('refuses a draft a save would refuse, naming each field', async () => {
    const bad = await dryRun({ wafIp: ['300.1.1.1'], wafRate: 'often' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'rule.wafIp.0': expect.any(String), 'rule.wafRate': 'invalid_rate' },
    });
    const none = await dryRun({ wafIp: [] });
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'rule.conditions': 'condition_required' },
    });

    // What the group's plan refuses, as a save refuses it (basic: neither '03' nor '08', blocks up to 3600 s).
    const action = await dryRun({ ...ADMIN_RULE, wafAction: '03' });
    expect(action.statusCode).toBe(400);
    expect(action.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'rule.wafAction': 'action_not_in_plan' },
    });
    const long = { ...ADMIN_RULE, wafAction: '08', wafRate: '10/1', wafBucketTime: 86400 };
    const period = await dryRun(long);
    expect(period.statusCode).toBe(400);
    expect(period.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fieldParams: { 'rule.wafBucketTime': { max: String(BLOCK_PERIOD_MAX_BASIC) } } },
    });
    expect(period.json().fields).toEqual({ 'rule.wafAction': 'action_not_in_plan', 'rule.wafBucketTime': 'too_big' });
    const save = await alpha.client.post(WAF_RULE_API.rules, { groupName: ALPHA, ruleName: 'long_block', ...long });
    expect(save.json().fields).toEqual({ wafAction: 'action_not_in_plan', wafBucketTime: 'too_big' });

    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api${WAF_RULE_API.dryRun}`,
      payload: { groupName: ALPHA, rule: ADMIN_RULE },
    });
    expect([401, 403]).toContain(signedOut.statusCode);
  });
});

describe('the dry run past its cap', () => {
  const SLICE = 15 * 60_000;
  const SLICES = WAF_DRY_RUN_RANGE_MS / SLICE;
  let dir: string;
  let store: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parapet-dry-run-'));
    store = await openDuckDbEventStore(join(dir, DUCKDB_EVENTS_FILE));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('judges an even sample across the range and says so', async () => {
    // Aligned to the slices, four requests in each; the first twelve hours are an attack on /admin.
    const now = Math.floor(Date.now() / SLICE) * SLICE;
    const from = now - WAF_DRY_RUN_RANGE_MS;
    const events: StoredEvent[] = [];
    for (let slice = 0; slice < SLICES; slice++)
      for (let n = 0; n < 4; n++) {
        const uri = slice < SLICES / 2 ? '/admin/login' : '/shop';
        events.push(stored(ALPHA, from + slice * SLICE + n * 60_000, { client_ip: '10.0.0.1', uri }));
      }
    events.push(stored(BETA, now - HOUR, { client_ip: '10.0.0.1', uri: '/admin/login' }));
    await store.insert(events);
    const rule = wafRuleSettingsSchema.parse(ADMIN_RULE);

    // One request a slice: half of them in the attack. Taking only the newest would find none.
    const sampled = await dryRunRule(store, { groupName: ALPHA, rule }, { now, examineMax: SLICES });
    expect(sampled).toEqual({
      matched: SLICES / 2,
      examined: SLICES,
      totalInRange: SLICES * 4,
      sampled: true,
      from,
      to: now,
      unjudged: [],
    });

    // At the cap exactly, every request is judged.
    const whole = await dryRunRule(store, { groupName: ALPHA, rule }, { now, examineMax: SLICES * 4 });
    expect(whole).toMatchObject({ matched: SLICES * 2, examined: SLICES * 4, sampled: false });

    // A cap that does not divide evenly still examines exactly that many.
    const uneven = await dryRunRule(store, { groupName: ALPHA, rule }, { now, examineMax: 250 });
    expect(uneven).toMatchObject({ examined: 250, sampled: true, totalInRange: SLICES * 4 });
    expect(uneven.matched).toBeGreaterThanOrEqual(124);
    expect(uneven.matched).toBeLessThanOrEqual(126);
  });

  it('judges a burst at the start of each slice as often as the rest of the slice', async () => {
    // Each slice: 60 requests over its first 14 minutes, the first 4 (1 in 15) a burst on one
    // URI in its first seconds, as an attack comes. Judging each slice's newest requests finds
    // none of them (docs/waf-rules.md "Cap and sample").
    const now = Math.floor(Date.now() / SLICE) * SLICE;
    const from = now - WAF_DRY_RUN_RANGE_MS;
    const events: StoredEvent[] = [];
    for (let slice = 0; slice < SLICES; slice++) {
      const start = from + slice * SLICE;
      for (let n = 0; n < 4; n++) events.push(stored(ALPHA, start + n * 1_000, { uri: '/marker-early' }));
      for (let n = 4; n < 60; n++) events.push(stored(ALPHA, start + n * 14_000, { uri: `/page/${n}` }));
    }
    await store.insert(events);
    const rule = wafRuleSettingsSchema.parse({ wafUri: ['^/marker-early$'] });
    const share = 4 / 60;

    const examineMax = 2_000;
    const answer = await dryRunRule(store, { groupName: ALPHA, rule }, { now, examineMax });
    expect(answer).toMatchObject({ examined: examineMax, totalInRange: SLICES * 60, sampled: true });
    // Within the documented accuracy for a sample this size: 1.96 × √(¼ / n) is ±0.7 points at
    // 20,000 (WAF_DRY_RUN_EXAMINE_MAX) and ±2.2 points at 2,000.
    const accuracy = 1.96 * Math.sqrt(0.25 / examineMax);
    expect(Math.abs(answer.matched / answer.examined - share)).toBeLessThanOrEqual(accuracy);
  });

  it('shares the cap in proportion, summing to it, never past a slice', () => {
    const counts = [10, 0, 3, 7, 80];
    const shares = sliceShares(counts, 33);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(33);
    shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(counts[i]!));
    expect(shares[1]).toBe(0);
    expect(shares[4]).toBeGreaterThan(shares[0]!);
  });
});
