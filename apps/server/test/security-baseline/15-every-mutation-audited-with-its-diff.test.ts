import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  CERT_API,
  DASHBOARD_API,
  EVENT_LOG_API,
  GROUP_API,
  HTML_PAGE_API,
  INGEST_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  USER_API,
  WAF_RULE_API,
} from '@parapet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { PASSWORD, enableTwoFactor, nextCode, signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { ApiClient } from '../helpers/client.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { tokenFrom, waitForMail } from '../helpers/outbox.js';
import { storeKinds } from '../helpers/stores.js';

let c: TestCerts;
beforeAll(() => {
  c = makeTestCerts();
});

/** A route as the OpenAPI document names it: `PUT /api/groups/{groupName}`. */
const route = (method: string, template: string) =>
  `${method} ${API_PREFIX}${template.replace(/:(\w+)/g, (_, name: string) => `{${name}}`)}`;

/**
 * State-changing calls that write no entry, and why: they read (a query sent as POST), preview,
 * start or end a session (§9's own items), mail a link whose use is the audited change, hold a
 * setup that counts only once confirmed, or take in traffic events (data, not configuration).
 */
const NOT_A_CHANGE: Record<string, string> = {
  [route('POST', USER_API.login)]: 'starts a session',
  [route('POST', USER_API.resendConfirmation)]: 'mails a link',
  [route('POST', USER_API.forgotPassword)]: 'mails a link; its use is audited',
  [route('POST', USER_API.forgotOtp)]: 'mails a link; its use is audited',
  [route('POST', USER_API.otpResetRequest)]: 'mails a link; its use is audited',
  [route('POST', USER_API.otpSetup)]: 'a pending secret, in effect only once enabling (audited) confirms it',
  [route('POST', HTML_PAGE_API.previewDraft)]: 'renders a draft',
  [route('POST', SERVICE_LINE_API.checkCname)]: 'asks DNS',
  [route('POST', SERVICE_LINE_API.ipValidate)]: 'checks addresses',
  [route('POST', WAF_RULE_API.evaluate)]: 'evaluates rules against a request',
  [route('POST', WAF_RULE_API.dryRun)]: 'replays stored events against a draft',
  [route('POST', EVENT_LOG_API.search)]: 'a query',
  [route('POST', EVENT_LOG_API.count)]: 'a query',
  [route('POST', EVENT_LOG_API.exportEvents)]: 'a query',
  [route('POST', DASHBOARD_API.series)]: 'a query',
  [route('POST', DASHBOARD_API.top)]: 'a query',
  [route('POST', DASHBOARD_API.filterValues)]: 'a query',
  [route('POST', DASHBOARD_API.activity)]: 'a query',
  [route('POST', INGEST_API.events)]: 'traffic events from the edge, not configuration',
};

interface Entry {
  id: string;
  actor: string;
  entity: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** What one call must leave in the log: an entry of this kind, and the fields it shows changing. */
interface Expected {
  entity: string;
  action: string;
  actor: string;
  /** Fields whose before and after values the entry holds (before absent for a create, after for a delete). */
  changed?: Record<string, [before: unknown, after: unknown]>;
  /** A change of password or two-factor secret: the entry says when and how, never the values. */
  credentials?: boolean;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(storeKinds)('every mutation written to an audit log with its diff (on %s)', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const entries = async (): Promise<Entry[]> =>
    (await t.store.db.selectFrom('audit_log').selectAll().execute()).map((r) => ({
      id: r.id,
      actor: r.actor,
      entity: r.entity,
      action: r.action,
      before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
      after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
    }));

  it('each state-changing call of the API is either audited below or listed as changing no configuration', async () => {
    t = await buildTestApp(kind);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const mutating = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const audited = mutating.filter((r) => !(r in NOT_A_CHANGE)).sort();
    expect(audited).toEqual([...AUDITED].sort());
    expect(Object.keys(NOT_A_CHANGE).filter((r) => !mutating.includes(r))).toEqual([]);
  });

  it('each audited call leaves one entry per change, naming who did what, with the values before and after', async () => {
    t = await buildTestApp(kind);
    const admin = await signedInAdmin(t);
    const seen = new Set<string>();
    const exercised = new Set<string>();

    /** Runs one call and finds its entry among those it added. */
    async function step(name: string, call: () => Promise<LightMyRequestResponse | unknown>, expected: Expected) {
      // What the setup between steps wrote is not this call's doing.
      await t.app.deploy.drain();
      for (const e of await entries()) seen.add(e.id);
      const res = await call();
      if (res && typeof res === 'object' && 'statusCode' in res) {
        const answer = res as LightMyRequestResponse;
        expect([name, answer.statusCode, answer.statusCode < 300 ? '' : answer.body]).toEqual([
          name,
          answer.statusCode,
          '',
        ]);
      }
      await t.app.deploy.drain();
      const added = (await entries()).filter((e) => !seen.has(e.id));
      for (const e of added) seen.add(e.id);
      // (A first page write may also add the group's built-in page, as 'system'.)
      const entry = added.find(
        (e) => e.entity === expected.entity && e.action === expected.action && e.actor === expected.actor,
      );
      expect([name, entry && { entity: entry.entity, action: entry.action, actor: entry.actor }]).toEqual([
        name,
        { entity: expected.entity, action: expected.action, actor: expected.actor },
      ]);
      // An update holds both sides, so the log can show what a field was and what it became.
      if (expected.action === 'update' && !expected.credentials)
        expect([name, entry?.before === null, entry?.after === null]).toEqual([name, false, false]);
      if (expected.credentials) expect([name, typeof entry?.after?.credentialsChangedAt]).toEqual([name, 'number']);
      for (const [field, [before, after]] of Object.entries(expected.changed ?? {})) {
        if (before !== undefined) expect([name, field, entry?.before?.[field]]).toEqual([name, field, before]);
        if (after !== undefined) expect([name, field, entry?.after?.[field]]).toEqual([name, field, after]);
      }
      // Secrets never enter the log, whatever the call carried.
      expect([name, JSON.stringify(added)]).not.toEqual([name, expect.stringMatching(/PRIVATE KEY|Harbor-42/)]);
      exercised.add(name);
    }

    // The account's own changes.
    let dee: Account | undefined;
    await step(
      route('POST', USER_API.signup),
      async () => {
        dee = await signUpConfirmed(t, 'dee');
      },
      { entity: 'user', action: 'create', actor: 'dee', changed: { username: [undefined, 'dee'] } },
    );
    if (!dee) throw new Error('no account');
    const me = dee.client;
    await step(route('PUT', USER_API.profile), () => me.put(USER_API.profile, { phoneNumber: '+1 555 0100' }), {
      entity: 'user',
      action: 'update',
      actor: 'dee',
      changed: { phoneNumber: [null, '+1 555 0100'] },
    });
    const boundary = 'security-baseline';
    await step(
      route('POST', USER_API.setAvatar),
      () =>
        me.call(
          'POST',
          USER_API.setAvatar,
          Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            PNG,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          { 'content-type': `multipart/form-data; boundary=${boundary}` },
        ),
      { entity: 'user', action: 'update', actor: 'dee', changed: { hasAvatar: [undefined, true] } },
    );
    await step(route('DELETE', USER_API.avatar), () => me.delete(USER_API.avatar), {
      entity: 'user',
      action: 'update',
      actor: 'dee',
      changed: { hasAvatar: [true, false] },
    });
    let secret = '';
    await step(
      route('POST', USER_API.otpEnable),
      async () => {
        secret = await enableTwoFactor(dee as Account);
      },
      { entity: 'user', action: 'update', actor: 'dee', changed: { otpEnabled: [false, true] } },
    );
    await step(
      route('POST', USER_API.otpDisable),
      async () => me.post(USER_API.otpDisable, { password: PASSWORD, token: await nextCode(secret) }),
      { entity: 'user', action: 'update', actor: 'dee', changed: { otpEnabled: [true, false] } },
    );
    const changedPassword = 'Quiet-Meadow-77-Compass';
    await step(
      route('POST', USER_API.changePassword),
      () => me.post(USER_API.changePassword, { oldPassword: PASSWORD, newPassword: changedPassword }),
      { entity: 'user', action: 'update', actor: 'dee', credentials: true },
    );
    await me.post(USER_API.forgotPassword, { email: dee.email });
    const resetToken = tokenFrom(await waitForMail(t.dataDir, dee.email, 2), '/reset-password/');
    await step(
      route('POST', USER_API.validateResetPasswordToken),
      () =>
        new ApiClient(t.app).post(`${USER_API.validateResetPasswordToken}?token=${encodeURIComponent(resetToken)}`, {
          username: 'dee',
          password: PASSWORD,
        }),
      {
        entity: 'user',
        action: 'update',
        actor: 'dee',
        credentials: true,
        changed: { via: [undefined, 'password reset'] },
      },
    );
    const gus = await signUpConfirmed(t, 'gus');
    await enableTwoFactor(gus);
    await gus.client.post(USER_API.forgotOtp, { email: gus.email });
    const otpToken = tokenFrom(await waitForMail(t.dataDir, gus.email, 2), '/reset-OTP/');
    await step(
      route('POST', USER_API.resetUserData),
      () => new ApiClient(t.app).post(USER_API.resetUserData, { token: otpToken, password: changedPassword }),
      {
        entity: 'user',
        action: 'update',
        actor: 'gus',
        credentials: true,
        changed: { via: [undefined, 'one-time password reset'] },
      },
    );
    await me.post(USER_API.login, { username: 'dee', password: PASSWORD });

    // Groups, members and accounts, by an admin.
    await step(route('POST', GROUP_API.groups), () => admin.post(GROUP_API.groups, { name: 'acme' }), {
      entity: 'group',
      action: 'create',
      actor: 'root',
      changed: { name: [undefined, 'acme'] },
    });
    await step(
      route('PATCH', GROUP_API.group),
      () => admin.call('PATCH', fill(GROUP_API.group, { groupName: 'acme' }), { plan: 'pro', version: 1 }),
      { entity: 'group', action: 'update', actor: 'root', changed: { plan: ['basic', 'pro'] } },
    );
    const role = { dashboard: { read: true } };
    await step(
      route('PUT', GROUP_API.member),
      () => admin.put(fill(GROUP_API.member, { groupName: 'acme', username: 'dee' }), { rolePermissions: role }),
      { entity: 'member', action: 'create', actor: 'root', changed: { rolePermissions: [undefined, role] } },
    );
    await step(
      route('DELETE', GROUP_API.member),
      () => admin.delete(fill(GROUP_API.member, { groupName: 'acme', username: 'dee' })),
      { entity: 'member', action: 'delete', actor: 'root', changed: { rolePermissions: [role, undefined] } },
    );
    await step(route('DELETE', GROUP_API.group), () => admin.delete(fill(GROUP_API.group, { groupName: 'acme' })), {
      entity: 'group',
      action: 'delete',
      actor: 'root',
      changed: { name: ['acme', undefined] },
    });
    await step(
      route('POST', GROUP_API.users),
      () => admin.post(GROUP_API.users, { username: 'hal', email: 'hal@example.test', password: PASSWORD }),
      { entity: 'user', action: 'create', actor: 'root', changed: { username: [undefined, 'hal'] } },
    );
    await step(
      route('PUT', GROUP_API.userDisabled),
      () => admin.put(fill(GROUP_API.userDisabled, { username: 'hal' }), { disabled: true }),
      { entity: 'user', action: 'update', actor: 'root', changed: { disabled: [false, true] } },
    );
    let ingestId = '';
    await step(
      route('POST', INGEST_API.tokens),
      async () => {
        const res = await admin.post(INGEST_API.tokens, { name: 'edge-one' });
        ingestId = res.json().id as string;
        return res;
      },
      { entity: 'ingest_token', action: 'create', actor: 'root', changed: { name: [undefined, 'edge-one'] } },
    );
    await step(route('DELETE', INGEST_API.token), () => admin.delete(fill(INGEST_API.token, { id: ingestId })), {
      entity: 'ingest_token',
      action: 'delete',
      actor: 'root',
    });

    // A member removed is signed out everywhere; dee signs in again.
    await me.post(USER_API.login, { username: 'dee', password: PASSWORD });

    // Every deployed kind: create, change, delete.
    const id = (res: LightMyRequestResponse) => res.json().id as string;
    let cert = {} as LightMyRequestResponse;
    await step(
      route('POST', CERT_API.certs),
      async () =>
        (cert = await me.post(CERT_API.certs, {
          groupName: 'dee',
          keypairname: 'shop',
          pem: c.leafPem,
          key: c.leafKey,
        })),
      {
        entity: 'cert',
        action: 'create',
        actor: 'dee',
        changed: { commonName: [undefined, 'shop.example.com'] },
      },
    );
    await step(
      route('PUT', CERT_API.cert),
      () => me.put(fill(CERT_API.cert, { id: id(cert) }), { pem: c.chainPem, key: c.chainKey, version: 1 }),
      {
        entity: 'cert',
        action: 'update',
        actor: 'dee',
        changed: { commonName: ['shop.example.com', 'api.example.com'] },
      },
    );
    await step(route('DELETE', CERT_API.cert), () => me.delete(fill(CERT_API.cert, { id: id(cert) })), {
      entity: 'cert',
      action: 'delete',
      actor: 'dee',
      changed: { commonName: ['api.example.com', undefined] },
    });

    let page = {} as LightMyRequestResponse;
    await step(
      route('POST', HTML_PAGE_API.pages),
      async () =>
        (page = await me.post(HTML_PAGE_API.pages, { groupName: 'dee', htmlPageName: 'closed', content: '<p>x</p>' })),
      {
        entity: 'html-page',
        action: 'create',
        actor: 'dee',
        changed: { htmlPageName: [undefined, 'closed'] },
      },
    );
    await step(
      route('PUT', HTML_PAGE_API.page),
      () =>
        me.put(fill(HTML_PAGE_API.page, { id: id(page) }), { content: '<p>y</p>', ridPosition: 'center', version: 1 }),
      { entity: 'html-page', action: 'update', actor: 'dee', changed: { ridPosition: ['topLeft', 'center'] } },
    );
    await step(route('DELETE', HTML_PAGE_API.page), () => me.delete(fill(HTML_PAGE_API.page, { id: id(page) })), {
      entity: 'html-page',
      action: 'delete',
      actor: 'dee',
    });

    const origins = [{ address: '10.0.0.1' }];
    let policy = {} as LightMyRequestResponse;
    await step(
      route('POST', ORIGIN_POLICY_API.policies),
      async () =>
        (policy = await me.post(ORIGIN_POLICY_API.policies, { groupName: 'dee', policyName: 'pool', origins })),
      {
        entity: 'origin-policy',
        action: 'create',
        actor: 'dee',
        changed: { policyName: [undefined, 'pool'] },
      },
    );
    await step(
      route('PUT', ORIGIN_POLICY_API.policy),
      () => me.put(fill(ORIGIN_POLICY_API.policy, { id: id(policy) }), { policyName: 'pool_two', origins, version: 1 }),
      { entity: 'origin-policy', action: 'update', actor: 'dee', changed: { policyName: ['pool', 'pool_two'] } },
    );
    await step(
      route('DELETE', ORIGIN_POLICY_API.policy),
      () => me.delete(fill(ORIGIN_POLICY_API.policy, { id: id(policy) })),
      { entity: 'origin-policy', action: 'delete', actor: 'dee' },
    );

    let rule = {} as LightMyRequestResponse;
    await step(
      route('POST', WAF_RULE_API.rules),
      async () => (rule = await me.post(WAF_RULE_API.rules, { groupName: 'dee', ruleName: 'office' })),
      {
        entity: 'waf-rule',
        action: 'create',
        actor: 'dee',
        changed: { ruleName: [undefined, 'office'] },
      },
    );
    await step(
      route('PUT', WAF_RULE_API.rule),
      () => me.put(fill(WAF_RULE_API.rule, { id: id(rule) }), { description: 'office only', version: 1 }),
      { entity: 'waf-rule', action: 'update', actor: 'dee', changed: { description: ['', 'office only'] } },
    );
    const file = (await me.get(`${WAF_RULE_API.exportRules}?groupName=dee`)).json() as unknown;
    await step(route('DELETE', WAF_RULE_API.rule), () => me.delete(fill(WAF_RULE_API.rule, { id: id(rule) })), {
      entity: 'waf-rule',
      action: 'delete',
      actor: 'dee',
    });
    await step(
      route('POST', WAF_RULE_API.importRules),
      () => me.post(WAF_RULE_API.importRules, { groupName: 'dee', file }),
      { entity: 'waf-rule', action: 'create', actor: 'dee', changed: { description: [undefined, 'office only'] } },
    );

    const lineBody = {
      groupName: 'dee',
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins,
    };
    await step(route('POST', SERVICE_LINE_API.create), () => me.post(SERVICE_LINE_API.create, lineBody), {
      entity: 'service-line',
      action: 'create',
      actor: 'dee',
      changed: { servername: [undefined, ['shop.example.com']] },
    });
    const line = async () => (await me.get(`${SERVICE_LINE_API.lines}?groupName=dee`)).json().items[0];
    await step(
      route('POST', SERVICE_LINE_API.update),
      async () => me.post(SERVICE_LINE_API.update, { ...(await line()), maxUploadSize: 50 }),
      { entity: 'service-line', action: 'update', actor: 'dee', changed: { maxUploadSize: [1, 50] } },
    );
    await step(
      route('POST', SERVICE_LINE_API.addDomain),
      () =>
        me.post(SERVICE_LINE_API.addDomain, {
          groupName: 'dee',
          appProfileName: 'shop.example',
          servername: ['www.shop.example.com'],
        }),
      {
        entity: 'service-line',
        action: 'update',
        actor: 'dee',
        changed: { servername: [['shop.example.com'], ['shop.example.com', 'www.shop.example.com']] },
      },
    );
    const lineId = (await line()).id as string;
    await step(
      route('POST', SERVICE_LINE_API.bulkEditDomains),
      () =>
        me.post(fill(SERVICE_LINE_API.bulkEditDomains, { id: lineId }), {
          domains: ['www.shop.example.com'],
          description: 'the www name',
        }),
      { entity: 'service-line', action: 'update', actor: 'dee', changed: { description: ['', 'the www name'] } },
    );
    await step(
      route('POST', SERVICE_LINE_API.bulkDeleteDomains),
      () => me.post(fill(SERVICE_LINE_API.bulkDeleteDomains, { id: lineId }), { domains: ['www.shop.example.com'] }),
      {
        entity: 'service-line',
        action: 'update',
        actor: 'dee',
        changed: { servername: [['shop.example.com', 'www.shop.example.com'], ['shop.example.com']] },
      },
    );
    await step(
      route('POST', SERVICE_LINE_API.purge),
      () => me.post(fill(SERVICE_LINE_API.purge, { id: lineId }), { paths: ['/app.js'] }),
      { entity: 'service-line', action: 'purge', actor: 'dee', changed: { paths: [undefined, ['/app.js']] } },
    );
    await step(route('DELETE', SERVICE_LINE_API.line), () => me.delete(fill(SERVICE_LINE_API.line, { id: lineId })), {
      entity: 'service-line',
      action: 'delete',
      actor: 'dee',
      changed: { appProfileName: ['shop.example', undefined] },
    });

    expect([...exercised].sort()).toEqual([...AUDITED].sort());
    // The log views read the same entries through the API.
    const view = await admin.get(`${GROUP_API.audit}?entity=service-line&groupName=dee`);
    expect(view.json().items.map((e: Entry) => e.action)).toEqual([
      'delete',
      'purge',
      'update',
      'update',
      'update',
      'update',
      'create',
    ]);
  });
});

/** The calls the second test exercises, one step each. */
const AUDITED = [
  route('POST', USER_API.signup),
  route('PUT', USER_API.profile),
  route('POST', USER_API.setAvatar),
  route('DELETE', USER_API.avatar),
  route('POST', USER_API.otpEnable),
  route('POST', USER_API.otpDisable),
  route('POST', USER_API.changePassword),
  route('POST', USER_API.validateResetPasswordToken),
  route('POST', USER_API.resetUserData),
  route('POST', GROUP_API.groups),
  route('PATCH', GROUP_API.group),
  route('DELETE', GROUP_API.group),
  route('PUT', GROUP_API.member),
  route('DELETE', GROUP_API.member),
  route('POST', GROUP_API.users),
  route('PUT', GROUP_API.userDisabled),
  route('POST', INGEST_API.tokens),
  route('DELETE', INGEST_API.token),
  route('POST', CERT_API.certs),
  route('PUT', CERT_API.cert),
  route('DELETE', CERT_API.cert),
  route('POST', HTML_PAGE_API.pages),
  route('PUT', HTML_PAGE_API.page),
  route('DELETE', HTML_PAGE_API.page),
  route('POST', ORIGIN_POLICY_API.policies),
  route('PUT', ORIGIN_POLICY_API.policy),
  route('DELETE', ORIGIN_POLICY_API.policy),
  route('POST', WAF_RULE_API.rules),
  route('PUT', WAF_RULE_API.rule),
  route('DELETE', WAF_RULE_API.rule),
  route('POST', WAF_RULE_API.importRules),
  route('POST', SERVICE_LINE_API.create),
  route('POST', SERVICE_LINE_API.update),
  route('POST', SERVICE_LINE_API.addDomain),
  route('POST', SERVICE_LINE_API.bulkEditDomains),
  route('POST', SERVICE_LINE_API.bulkDeleteDomains),
  route('POST', SERVICE_LINE_API.purge),
  route('DELETE', SERVICE_LINE_API.line),
];
