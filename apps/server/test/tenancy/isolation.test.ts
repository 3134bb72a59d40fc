import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERT_API,
  GROUP_API,
  HTML_PAGE_API,
  INGEST_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  WAF_EXPORT_FORMAT,
  WAF_EXPORT_VERSION,
  WAF_RULE_API,
  fullAccess,
} from '@parapet/shared';
import { makeTestCerts } from '../helpers/certificates.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

/**
 * Walks every operation of the OpenAPI document as a member of group A aimed at group B, and
 * shows that nothing of B can be read or changed. Routes added later are walked by themselves;
 * a route with a parameter this test has no value for fails it, so it cannot slip past.
 */

/** Routes that act only on the caller (or on nobody's data) and take no group. */
const NOT_GROUP_SCOPED = new Set(['/api/health', '/api/system/prefs']);
const isSelfScoped = (path: string) =>
  path === '/api/user' || path.startsWith('/api/user/') || NOT_GROUP_SCOPED.has(path);

/** B's identifiers, by parameter name: where a route takes one, it gets B's. */
const B_VALUES: Record<string, string> = {
  groupName: 'beta',
  username: 'bruno',
  entity: 'member',
  entityId: 'beta/bruno',
  search: 'bruno',
  token: 'x',
  limit: '50',
  page: '1',
  pageSize: '10',
  status: 'Running',
  createdBy: 'bruno',
  createdFrom: '0',
  createdTo: '99999999999999',
  expiry: 'valid',
  ridPosition: 'topLeft',
  ridColor: 'black',
  appProfileName: 'beta.line',
  topic: 'appProfileName',
  fieldVal: 'beta.line',
  timestamp: '1',
  deepSearch: 'true',
  wafAction: '01',
};
/** B's entity of each collection, for the `{id}` of its routes; set once they exist. */
const B_IDS: Record<string, string> = {};
/** A body that names B everywhere a field could. */
const B_BODY: Record<string, unknown> = {
  groupName: 'beta',
  name: 'beta',
  plan: 'enterprise',
  version: 1,
  rolePermissions: fullAccess(),
  username: 'bruno',
  email: 'bruno@example.test',
  password: 'Another-Password-77',
  disabled: true,
  keypairname: 'stolen',
  // The event reads (dashboard, event log): a valid range and query, so they reach the access check.
  dateRange: { index: 5 },
  filters: [],
  metric: 'requests',
  dimension: 'server_name',
  field: 'server_name',
  n: 5,
  limit: 10,
};
const LEAKS = /beta|bruno|shop\.example\.com|10\.9\.9\.9/;

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: unknown;
}

describe.each(storeKinds)('tenant isolation on %s', (kind) => {
  let t: TestApp;
  let alice: ApiClient;
  let operations: Operation[];

  const snapshot = async () => {
    const tables = [
      'users',
      'groups',
      'group_members',
      'user_tokens',
      'user_avatars',
      'audit_log',
      'certs',
      'origin_policies',
      'html_pages',
      'deploy_tasks',
      'entity_refs',
      'origin_health',
      'service_lines',
      'line_domains',
      'waf_rules',
      'ingest_tokens',
    ] as const;
    const dump: Record<string, unknown> = {};
    for (const table of tables) dump[table] = await t.store.db.selectFrom(table).selectAll().execute();
    return JSON.stringify(dump);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = (await signUpConfirmed(t, 'alice')).client;
    await signUpConfirmed(t, 'bruno');
    const admin = await signedInAdmin(t);
    // B's group "beta" holds bruno, with history; A is "alice".
    await admin.post(GROUP_API.groups, { name: 'beta' });
    await admin.put(fill(GROUP_API.member, { groupName: 'beta', username: 'bruno' }), {
      rolePermissions: fullAccess(),
    });
    // B owns a certificate; the walk aims every {id} at it, and sends a valid one of its own in bodies.
    const certs = makeTestCerts();
    const cert = await admin.post(CERT_API.certs, {
      groupName: 'beta',
      keypairname: 'beta_cert',
      pem: certs.leafPem,
      key: certs.leafKey,
    });
    B_IDS['/api/certs'] = cert.json().id;
    const policy = await admin.post(ORIGIN_POLICY_API.policies, {
      groupName: 'beta',
      policyName: 'beta_pool',
      origins: [{ address: '10.9.9.9' }],
    });
    B_IDS['/api/origin-policies'] = policy.json().id;
    const page = await admin.post(HTML_PAGE_API.pages, {
      groupName: 'beta',
      htmlPageName: 'beta_page',
      content: '<p>beta</p>',
    });
    B_IDS['/api/html-pages'] = page.json().id;
    const rule = await admin.post(WAF_RULE_API.rules, {
      groupName: 'beta',
      ruleName: 'beta_rule',
      wafAction: '01',
      wafIp: ['10.9.9.0/24'],
    });
    expect(rule.statusCode).toBe(201);
    B_IDS['/api/waf-rules'] = rule.json().id;
    // An ingest token is platform-wide, made by an admin; a member may neither see nor revoke it.
    const feed = await admin.post(INGEST_API.tokens, { name: 'beta_feed' });
    expect(feed.statusCode).toBe(201);
    B_IDS['/api/admin/ingest-tokens'] = feed.json().id;
    await admin.post(SERVICE_LINE_API.create, {
      groupName: 'beta',
      appProfileName: 'beta.line',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: '10.9.9.9' }],
      usedWafRules: [{ value: 'beta_rule' }],
    });
    const line = await t.store.db
      .selectFrom('service_lines')
      .select('id')
      .where('group_name', '=', 'beta')
      .executeTakeFirstOrThrow();
    B_IDS['/api/service-lines'] = line.id;
    // A whole line detail aimed at B's line, for the update call.
    Object.assign(B_BODY, {
      id: line.id,
      appProfileName: 'beta.line',
      customerPackage: 'standard',
      servername: ['stolen.example.com'],
      domains: ['shop.example.com'],
      description: 'stolen',
      paths: [],
      topic: 'origin',
      val: '10.0.0.1',
    });
    Object.assign(B_BODY, {
      pem: certs.chainPem,
      key: certs.chainKey,
      policyName: 'stolen_pool',
      origins: [{ address: '10.1.1.1' }],
      htmlPageName: 'stolen',
      content: '<p>stolen</p>',
      // A rule of B's, by name and as a whole file, for the firewall calls.
      ruleName: 'stolen_rule',
      rules: [{ value: 'beta_rule' }],
      file: { format: WAF_EXPORT_FORMAT, version: WAF_EXPORT_VERSION, rules: [{ ruleName: 'stolen_rule' }] },
      request: { clientIp: '10.9.9.9' },
      // A valid draft, so the rule dry run reaches its group check.
      rule: { wafAction: '01', wafUri: ['^/stolen'] },
      // A valid range and file format, so the event calls reach their group check.
      dateRange: { index: 5 },
      format: 'csv',
    });
    // Everything B made is deployed before the walk, so the worker changes nothing during it.
    await t.app.deploy.drain();
    const task = await t.store.db
      .selectFrom('deploy_tasks')
      .select('task_no')
      .where('group_name', '=', 'beta')
      .executeTakeFirstOrThrow();
    B_VALUES['taskNo'] = task.task_no;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, ...op })),
    );
  });
  afterAll(() => t.close());

  it('walks a document that has the tenancy routes in it', () => {
    const walked = operations.filter((op) => !isSelfScoped(op.path));
    expect(walked.length).toBeGreaterThanOrEqual(10);
    expect(walked.map((op) => op.path)).toContain('/api/groups/{groupName}/members/{username}');
  });

  it('lets a member of A neither read nor change anything of B, on every route', async () => {
    for (const op of operations.filter((o) => !isSelfScoped(o.path))) {
      const label = `${op.method} ${op.path}`;
      const path = op.path.replace('/api', '').replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === 'id') {
          const collection = op.path.slice(0, op.path.indexOf('/{id}'));
          expect(B_IDS, `${label}: no entity of B in ${collection}`).toHaveProperty([collection]);
          return encodeURIComponent(B_IDS[collection] ?? '');
        }
        expect(B_VALUES, `${label}: no value for path parameter "${name}"`).toHaveProperty(name);
        return encodeURIComponent(B_VALUES[name] ?? '');
      });
      const query = (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => {
          expect(B_VALUES, `${label}: no value for query parameter "${p.name}"`).toHaveProperty(p.name);
          return `${p.name}=${encodeURIComponent(B_VALUES[p.name] ?? '')}`;
        });
      const url = query.length ? `${path}?${query.join('&')}` : path;

      const before = await snapshot();
      const res = await alice.call(op.method as never, url, op.requestBody ? B_BODY : undefined);
      expect(await snapshot(), `${label} changed the store`).toBe(before);
      if (res.statusCode < 300)
        expect(res.body, `${label} answered ${res.statusCode} with B's data`).not.toMatch(LEAKS);
      else expect([400, 401, 403, 404], `${label} answered ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('still lets B reach its own group, so the walk is not vacuous', async () => {
    const bruno = new ApiClient(t.app);
    await bruno.post('/user/login', { username: 'bruno', password: PASSWORD });
    expect((await bruno.get(`${GROUP_API.resourceLimits}?groupName=beta`)).statusCode).toBe(200);
    expect((await bruno.get(GROUP_API.groups)).body).toContain('beta');
  });
});
