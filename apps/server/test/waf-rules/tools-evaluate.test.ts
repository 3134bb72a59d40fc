import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_API, SERVICE_LINE_API, WAF_RULE_API, fullAccess, type WafEvaluation } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/** The rule tester, POST /api/waf-rules/evaluate (issue 12 item 8). */

const GROUP = 'fwowner';
const LINE = 'shop.example';

/** Three rules of the basic plan: an office allowed, private networks denied, old paths redirected. */
const RULES = [
  { ruleName: 'allow_office', wafAction: '00', wafIp: ['192.168.1.0/24'] },
  { ruleName: 'deny_lan', wafAction: '01', wafIp: ['10.0.0.0/8', 'fd00::/8'] },
  {
    ruleName: 'old_paths',
    wafAction: '06',
    wafIp: ['0.0.0.0/0', '::/0'],
    wafUri: ['^/old/'],
    wafRedirectUrl: 'https://example.com/new',
  },
];

const verdicts = (answer: WafEvaluation) => answer.rules.map((r) => [r.ruleName, r.verdict]);

describe.each(storeKinds)('the rule tester on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const evaluate = (body: Record<string, unknown>, account: Account = owner) =>
    account.client.post(WAF_RULE_API.evaluate, { groupName: GROUP, ...body });

  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, GROUP);
    for (const rule of RULES) {
      const made = await owner.client.post(WAF_RULE_API.rules, { groupName: GROUP, ...rule });
      expect(made.statusCode, made.body).toBe(201);
    }
    const line = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: GROUP,
      appProfileName: LINE,
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: '10.0.0.1' }],
      usedWafRules: [{ value: 'allow_office' }, { value: 'deny_lan' }, { value: 'old_paths', isEnabled: false }],
    });
    expect(line.statusCode, line.body).toBe(200);
  });
  afterEach(() => t.close());

  it("tries a line's saved rules in the line's order, with their switches", async () => {
    const denied = await evaluate({ appProfileName: LINE, request: { clientIp: '10.1.2.3', uri: '/old/a' } });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(verdicts(denied.json())).toEqual([
      ['allow_office', 'not_matched'],
      ['deny_lan', 'matched'],
      ['old_paths', 'disabled'],
    ]);
    expect(denied.json().rules[1].conditions).toContainEqual(
      expect.objectContaining({ field: 'wafIp', matched: true, value: '10.0.0.0/8' }),
    );
    expect(denied.json().outcome).toMatchObject({ kind: 'deny', finalRule: 'deny_lan', finalAction: '01' });

    // Allow ends evaluation: the deny after it is not reached.
    const allowed = await evaluate({ appProfileName: LINE, request: { clientIp: '192.168.1.20' } });
    expect(verdicts(allowed.json())).toEqual([
      ['allow_office', 'matched'],
      ['deny_lan', 'not_reached'],
      ['old_paths', 'disabled'],
    ]);
    expect(allowed.json().outcome).toMatchObject({ kind: 'pass', finalRule: 'allow_office' });

    // IPv6 networks hold as IPv4 ones do.
    expect((await evaluate({ appProfileName: LINE, request: { clientIp: 'fd12::1' } })).json().outcome).toMatchObject({
      kind: 'deny',
      finalRule: 'deny_lan',
    });

    const noLine = await evaluate({ appProfileName: 'no.such.line', request: { clientIp: '10.1.2.3' } });
    expect(noLine.statusCode).toBe(404);
  });

  it('tries rules listed by name, in the order given; no line and no list tries nothing', async () => {
    const res = await evaluate({
      rules: [{ value: 'old_paths' }, { value: 'deny_lan', isEnabled: false }],
      request: { clientIp: '10.1.2.3', uri: '/old/page' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(verdicts(res.json())).toEqual([
      ['old_paths', 'matched'],
      ['deny_lan', 'disabled'],
    ]);
    expect(res.json().outcome).toMatchObject({ kind: 'redirect', location: 'https://example.com/new' });

    const none = await evaluate({ request: { clientIp: '10.1.2.3' } });
    expect(none.json()).toMatchObject({ rules: [], outcome: { kind: 'pass', finalRule: null } });
  });

  it('tries a draft in place of the saved rule of its name, or last when the list lacks it', async () => {
    const draft = { ruleName: 'deny_lan', wafAction: '01', wafIp: ['172.16.0.0/12'] };
    const replaced = await evaluate({ appProfileName: LINE, draft, request: { clientIp: '10.1.2.3' } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // The saved rule would deny 10.1.2.3; the draft in its place does not, and keeps its place.
    expect(verdicts(replaced.json())).toEqual([
      ['allow_office', 'not_matched'],
      ['deny_lan', 'not_matched'],
      ['old_paths', 'disabled'],
    ]);
    expect(replaced.json().outcome.kind).toBe('pass');

    // A rule not saved yet is tried after the list, switched on.
    const fresh = { ruleName: 'deny_docs', wafAction: '01', wafIp: ['0.0.0.0/0'], wafUri: ['^/docs'] };
    const added = await evaluate({
      rules: [{ value: 'allow_office' }],
      draft: fresh,
      request: { clientIp: '203.0.113.9', uri: '/docs/x' },
    });
    expect(verdicts(added.json())).toEqual([
      ['allow_office', 'not_matched'],
      ['deny_docs', 'matched'],
    ]);
    expect(added.json().outcome).toMatchObject({ kind: 'deny', finalRule: 'deny_docs' });

    // The draft is checked as the form's rule is.
    const bad = await evaluate({ draft: { ...fresh, wafIp: ['300.1.1.1'] }, request: { clientIp: '203.0.113.9' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['draft.wafIp.0']);
  });

  it('reads a pasted raw request over the facts, and names the line it could not read', async () => {
    const raw = 'GET /old/page?ref=mail HTTP/1.1\r\nHost: Shop.Example.com\r\nUser-Agent: curl/8\r\n\r\n';
    const res = await evaluate({
      rules: [{ value: 'old_paths' }],
      raw,
      request: { clientIp: '198.51.100.7', uri: '/elsewhere' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(verdicts(res.json())).toEqual([['old_paths', 'matched']]);
    expect(res.json().outcome).toMatchObject({ kind: 'redirect', location: 'https://example.com/new' });

    const bad = await evaluate({
      rules: [{ value: 'old_paths' }],
      raw: 'GET /old/page HTTP/1.1\nHost: shop.example.com\nthis is not a header\n\n',
      request: { clientIp: '198.51.100.7' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { raw: 'invalid_raw_request' },
      details: { fieldParams: { raw: { line: '3' } } },
    });
  });

  it('needs the client address, an address and not a network', async () => {
    for (const [request, code] of [
      [undefined, 'required'],
      [{ clientIp: '' }, 'required'],
      [{ clientIp: 'not-an-ip' }, 'invalid'],
      [{ clientIp: '10.0.0.0/8' }, 'invalid'],
    ] as const) {
      const res = await evaluate({ rules: [{ value: 'deny_lan' }], ...(request ? { request } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'request.clientIp': code } });
    }
    const raw = await evaluate({ rules: [{ value: 'deny_lan' }], raw: 'GET / HTTP/1.1\r\nHost: a.example\r\n\r\n' });
    expect(raw.json().fields).toEqual({ 'request.clientIp': 'required' });
  });

  it('reports every rule name the group does not have, all at once', async () => {
    const res = await evaluate({
      rules: [{ value: 'no_such_rule' }, { value: 'deny_lan' }, { value: 'gone_too' }],
      request: { clientIp: 'bad' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'rules.0.value': 'not_found',
      'rules.2.value': 'not_found',
      'request.clientIp': 'invalid',
    });
  });

  it("keeps another group's line and rules out of reach", async () => {
    const intruder = await signUpConfirmed(t, 'intruder');
    // Aimed at the owner's group: not found, as a group they are not in.
    for (const body of [{ appProfileName: LINE }, { rules: [{ value: 'deny_lan' }] }, {}]) {
      const res = await evaluate({ ...body, request: { clientIp: '10.1.2.3' } }, intruder);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/deny_lan|shop\.example/);
    }
    // Aimed at their own group, naming the owner's line or rules: those are not theirs.
    const ownLine = await evaluate(
      { groupName: 'intruder', appProfileName: LINE, request: { clientIp: '10.1.2.3' } },
      intruder,
    );
    expect(ownLine.statusCode).toBe(404);
    const ownRules = await evaluate(
      { groupName: 'intruder', rules: [{ value: 'deny_lan' }], request: { clientIp: '10.1.2.3' } },
      intruder,
    );
    expect(ownRules.json().fields).toEqual({ 'rules.0.value': 'not_found' });

    // A member of the group who may not read its firewall rules is refused.
    const admin = await signedInAdmin(t);
    const put = await admin.put(fill(GROUP_API.member, { groupName: GROUP, username: 'intruder' }), {
      rolePermissions: { ...fullAccess(), firewallRules: { read: false, write: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await evaluate({ appProfileName: LINE, request: { clientIp: '10.1.2.3' } }, intruder);
    expect(refused.statusCode).toBe(403);
  });
});
