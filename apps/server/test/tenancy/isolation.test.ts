import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAF_EXPORT_FORMAT, WAF_EXPORT_VERSION, fullAccess } from '@parapet/shared';
import { PASSWORD } from '../helpers/accounts.js';
import { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';
import { BETA_EVENT, WALK_TIMEOUT_MS, buildWorld, leakedMarkers, type Collection, type World } from './two-groups.js';

/**
 * The isolation walk (issue 16 item 5; docs/tenancy.md "The isolation walk"): every operation
 * of the OpenAPI document, called by alice, a member of group "alice" with every permission,
 * twice over: aimed at group "beta" (its name in the path, the query and the body; every
 * `{id}` one of beta's items of any kind, or one of alice's own of another kind; every task
 * number one of beta's), and from her own group naming beta's items. Routes added later are
 * walked by themselves; a parameter this walk has no value for fails it, so none slips past.
 * isolation-by-name.test.ts tries the name lookups one by one, with the answer each must give.
 */

/** Routes that act only on the caller (or on nobody's data) and take no group. */
const NOT_GROUP_SCOPED = new Set(['/api/health', '/api/system/prefs']);
const isSelfScoped = (path: string) =>
  path === '/api/user' || path.startsWith('/api/user/') || NOT_GROUP_SCOPED.has(path);

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
}

/** One call of the walk: what it sends, and which group its names point at. */
interface Call {
  label: string;
  url: string;
  body: unknown;
}

describe.each(storeKinds)('tenant isolation on %s', (kind) => {
  let w: World;
  let operations: Operation[];
  /** The caller's own routes (/api/user/…, health, prefs): walked apart, as they change the caller. */
  let selfScoped: Operation[];
  /** Values by parameter name, aimed at beta and from alice's own group. */
  let atBeta: Record<string, string>;
  let fromOwn: Record<string, string>;
  let betaBody: Record<string, unknown>;
  let ownBody: Record<string, unknown>;

  beforeAll(async () => {
    w = await buildWorld(kind);
    const betaLine = w.beta.ids['/api/service-lines'];
    atBeta = {
      groupName: 'beta',
      username: 'bruno',
      appProfileName: 'beta.line',
      entity: 'service-line',
      entityId: betaLine,
      search: 'beta',
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
      topic: 'appProfileName',
      fieldVal: 'beta.line',
      timestamp: '1',
      deepSearch: 'true',
      wafAction: '01',
    };
    fromOwn = { ...atBeta, groupName: 'alice' };
    betaBody = {
      groupName: 'beta',
      name: 'beta',
      plan: 'enterprise',
      version: 1,
      rolePermissions: fullAccess(),
      username: 'bruno',
      email: 'bruno@example.test',
      password: 'Another-Password-77',
      disabled: true,
      id: betaLine,
      appProfileName: 'beta.line',
      customerPackage: 'standard',
      servername: ['stolen.example.com'],
      domains: ['shop.example.com'],
      description: 'stolen',
      paths: [],
      topic: 'origin',
      val: '10.0.0.1',
      keypairname: 'stolen',
      policyName: 'stolen_pool',
      origins: [{ address: '10.1.1.1' }],
      htmlPageName: 'stolen',
      content: '<p>stolen</p>',
      ruleName: 'stolen_rule',
      wafAction: '01',
      rules: [{ value: 'beta_rule' }],
      file: { format: WAF_EXPORT_FORMAT, version: WAF_EXPORT_VERSION, rules: [{ ruleName: 'stolen_rule' }] },
      overwrite: true,
      request: { clientIp: BETA_EVENT.clientIp },
      // A valid draft, so the rule dry run reaches its group check, and would match beta's event.
      rule: { wafAction: '01', wafIp: [`${BETA_EVENT.clientIp}/32`] },
      // A valid range, query and file format, so the event reads reach their group check.
      dateRange: { index: 5 },
      filters: [],
      metric: 'requests',
      dimension: 'server_name',
      field: 'server_name',
      n: 5,
      limit: 10,
      format: 'csv',
    };
    // From alice's own group: her line by name, everything it could use named after beta's
    // items, and beta's events asked for by their server name, request id and path.
    ownBody = {
      ...betaBody,
      groupName: 'alice',
      id: w.own.ids['/api/service-lines'],
      appProfileName: 'own.line',
      servername: ['shop.example.com'],
      scheme: ['http', 'https'],
      useSystemCert: false,
      keypairname: 'beta_cert',
      useOriginPolicy: true,
      usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'beta_pool' }],
      errorHtmlPageName: 'beta_page',
      usedWafRules: [{ value: 'beta_rule' }],
      wafDenyHtmlPageName: 'beta_page',
      wafOriginPolicyName: 'beta_pool',
      filters: [{ field: 'server_name', op: 'is', value: 'shop.example.com' }],
      reqId: BETA_EVENT.reqId,
      text: BETA_EVENT.uri,
    };
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    const every = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, ...op })),
    );
    operations = every.filter((op) => !isSelfScoped(op.path));
    selfScoped = every.filter((op) => isSelfScoped(op.path));
  }, WALK_TIMEOUT_MS);
  afterAll(() => w?.t.close());

  /** The collection of an `{id}` route: the path before it. */
  const collectionOf = (path: string) => path.slice(0, path.indexOf('/{id}')) as Collection;

  /**
   * The calls of one operation. Aimed at beta (`everyId`), each `{id}` is beta's item of the
   * route's kind, then every other of beta's items, then alice's own items of other kinds, and
   * `{taskNo}` every one of beta's tasks, then beta's item ids. From her own group, `{id}` is
   * beta's item of the kind and then her own (her line, told to purge or describe beta's domain),
   * `{taskNo}` one task of each group.
   */
  function callsOf(op: Operation, values: Record<string, string>, body: unknown, everyId: boolean): Call[] {
    const label = `${op.method} ${op.path}`;
    const slots = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const candidates: Record<string, string[]> = {};
    for (const name of slots) {
      if (name === 'id') {
        const collection = collectionOf(op.path);
        expect(w.beta.ids, `${label}: no item of beta in ${collection}`).toHaveProperty([collection]);
        const same = w.beta.ids[collection];
        const others = Object.entries(w.beta.ids).filter(([c, id]) => c !== collection && id !== same);
        const ownOthers = Object.entries(w.own.ids).filter(([c]) => c !== collection);
        candidates[name] = everyId
          ? [same, ...others.map(([, id]) => id), ...ownOthers.map(([, id]) => id)]
          : [...new Set([same, w.own.ids[collection]])];
      } else if (name === 'taskNo') {
        candidates[name] = everyId
          ? [...w.beta.taskNos, ...Object.values(w.beta.ids)]
          : [w.beta.taskNos[0] ?? '', w.own.taskNos[0] ?? ''];
      } else {
        expect(values, `${label}: no value for path parameter "${name}"`).toHaveProperty(name);
        candidates[name] = [values[name] ?? ''];
      }
    }
    const query = (op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => {
        expect(values, `${label}: no value for query parameter "${p.name}"`).toHaveProperty(p.name);
        return `${p.name}=${encodeURIComponent(values[p.name] ?? '')}`;
      });
    let paths = [op.path.replace('/api', '')];
    for (const name of slots) {
      paths = paths.flatMap((p) =>
        (candidates[name] ?? []).map((value) => p.replace(`{${name}}`, encodeURIComponent(value))),
      );
    }
    return paths.map((path) => ({
      label: `${label} as ${path}`,
      url: query.length ? `${path}?${query.join('&')}` : path,
      body: op.requestBody ? body : undefined,
    }));
  }

  const send = (call: Call, method: string) => w.alice.call(method as never, call.url, call.body);

  it(
    'walks a document that has every kind of item in it',
    () => {
      const paths = new Set(operations.map((op) => op.path));
      for (const collection of Object.keys(w.beta.ids)) expect(paths).toContain(`${collection}/{id}`);
      for (const path of [
        '/api/groups/{groupName}/members/{username}',
        '/api/groups/{groupName}/service-lines/{appProfileName}',
        '/api/service-lines/{id}/domains',
        '/api/html-pages/{id}/preview',
        '/api/tasks/{taskNo}',
        '/api/audit',
        '/api/event-logs/search',
        '/api/event-logs/count',
        '/api/event-logs/export',
        '/api/dashboard/series',
        '/api/dashboard/top',
        '/api/dashboard/filter-values',
        '/api/dashboard/activity',
        '/api/waf-rules/dry-run',
        '/api/waf-rules/evaluate',
        '/api/waf-rules/export',
        '/api/waf-rules/import',
      ])
        expect(paths).toContain(path);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'aimed at beta, by name and by every id, no route reads or changes anything of it',
    async () => {
      const before = await w.allRows();
      let calls = 0;
      for (const op of operations) {
        for (const call of callsOf(op, atBeta, betaBody, true)) {
          const res = await send(call, op.method);
          calls += 1;
          expect(await w.allRows(), `${call.label} changed the store`).toBe(before);
          if (res.statusCode < 300) {
            const found = w.markers.filter((m) => res.body.includes(m));
            expect(found, `${call.label} answered ${res.statusCode} with beta's data`).toEqual([]);
          } else {
            expect([400, 401, 403, 404], `${call.label} answered ${res.statusCode}: ${res.body}`).toContain(
              res.statusCode,
            );
            const sent = `${call.url} ${JSON.stringify(call.body ?? '')}`;
            expect(leakedMarkers(w.markers, sent, res.body), `${call.label}'s refusal names beta's data`).toEqual([]);
          }
        }
      }
      expect(calls).toBeGreaterThan(operations.length * 2);
      // The event store is not in the snapshot: beta's events, and alice's, are as they were sent.
      expect(await w.eventsOf('beta')).toEqual([BETA_EVENT.reqId]);
      expect(await w.eventsOf('alice')).toEqual(['own-req-1']);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "from her own group, naming beta's items, alice neither reaches nor changes them",
    async () => {
      const before = await w.betaRows();
      for (const op of operations) {
        for (const call of callsOf(op, fromOwn, ownBody, false)) {
          const res = await send(call, op.method);
          expect(res.statusCode, `${call.label}: ${res.body}`).toBeLessThan(500);
          expect(await w.betaRows(), `${call.label} changed beta's rows`).toBe(before);
          expect(await w.crossGroupRefs(), `${call.label} linked items across groups`).toEqual([]);
          const sent = `${call.url} ${JSON.stringify(call.body ?? '')}`;
          expect(
            leakedMarkers(w.markers, sent, res.body),
            `${call.label} answered ${res.statusCode} with beta's data`,
          ).toEqual([]);
        }
      }
      expect(await w.eventsOf('beta')).toEqual([BETA_EVENT.reqId]);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "the caller's own routes, given bruno's name, address and beta's values, change and tell nothing of them",
    async () => {
      const before = await w.betaRows();
      // Alice's own session may end on the way (sign-out); she signs in again with a client of her own.
      const me = new ApiClient(w.t.app);
      const signIn = async () => {
        if ((await me.get('/user')).statusCode === 200) return;
        const res = await me.post('/user/login', { username: 'alice', password: PASSWORD });
        expect(res.statusCode, res.body).toBe(200);
      };
      const body = { ...betaBody, token: 'x', otpToken: '000000', login: 'bruno', currentPassword: 'x' };
      for (const op of selfScoped) {
        await signIn();
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => `${p.name}=x`);
        const url = `${op.path.replace('/api', '')}${query.length ? `?${query.join('&')}` : ''}`;
        const res = await me.call(op.method as never, url, op.requestBody ? body : undefined);
        const label = `${op.method} ${op.path}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        expect(await w.betaRows(), `${label} changed beta's rows or bruno`).toBe(before);
        expect(leakedMarkers(w.markers, JSON.stringify(body), res.body), `${label} told beta's data`).toEqual([]);
      }
      expect(selfScoped.length).toBeGreaterThan(10);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'lets bruno read every kind of beta, so the walk is not vacuous',
    async () => {
      const { bruno, beta } = w;
      const reads: Array<[string, Promise<{ statusCode: number; body: string }>, string]> = [
        ['line', bruno.get(`/service-lines/${beta.ids['/api/service-lines']}`), 'beta-line-secret'],
        ['line by name', bruno.get('/groups/beta/service-lines/beta.line'), 'beta-line-secret'],
        ['domains', bruno.get(`/service-lines/${beta.ids['/api/service-lines']}/domains`), 'shop.example.com'],
        ['certificate', bruno.get(`/certs/${beta.ids['/api/certs']}`), 'beta_cert'],
        ['origin policy', bruno.get(`/origin-policies/${beta.ids['/api/origin-policies']}`), '10.9.9.9'],
        ['html page', bruno.get(`/html-pages/${beta.ids['/api/html-pages']}`), 'beta-page-secret'],
        ['preview', bruno.get(`/html-pages/${beta.ids['/api/html-pages']}/preview`), 'beta-page-secret'],
        ['rule', bruno.get(`/waf-rules/${beta.ids['/api/waf-rules']}`), 'beta-rule-secret'],
        ['rule list', bruno.get('/waf-rules?groupName=beta'), 'beta_rule'],
        ['rule export', bruno.get('/waf-rules/export?groupName=beta'), 'beta-rule-secret'],
        ['task', bruno.get(`/tasks/${beta.taskNos[0] ?? ''}`), 'beta'],
        ['audit', bruno.get(`/audit?entity=service-line&groupName=beta&limit=5`), 'beta-line-secret'],
        ['members (admin)', w.admin.get('/groups/beta/members'), 'bruno'],
        ['ingest tokens (admin)', w.admin.get('/admin/ingest-tokens'), 'beta_feed'],
      ];
      const range = { groupName: 'beta', dateRange: { index: 5 }, filters: [] };
      const events: Array<[string, string, object, string]> = [
        ['event search', '/event-logs/search', { ...range, reqId: BETA_EVENT.reqId }, BETA_EVENT.uri],
        ['event export', '/event-logs/export', { ...range, format: 'ndjson' }, BETA_EVENT.userAgent],
        ['top', '/dashboard/top', { ...range, dimension: 'client_ip', n: 5, metric: 'requests' }, BETA_EVENT.clientIp],
        ['filter values', '/dashboard/filter-values', { ...range, field: 'server_name' }, 'shop.example.com'],
        ['activity', '/dashboard/activity', { ...range, limit: 10 }, BETA_EVENT.reqId],
        ['series', '/dashboard/series', { ...range, metric: 'requests', groupBy: 'server_name' }, 'shop.example.com'],
        [
          'evaluate',
          '/waf-rules/evaluate',
          { groupName: 'beta', rules: [{ value: 'beta_rule' }], request: { clientIp: '10.9.9.9' } },
          'beta_rule',
        ],
      ];
      for (const [what, path, body, marker] of events) reads.push([what, bruno.post(path, body), marker]);
      for (const [what, answer, marker] of reads) {
        const res = await answer;
        expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
        expect(res.body, what).toContain(marker);
      }
      const dry = await bruno.post('/waf-rules/dry-run', {
        groupName: 'beta',
        rule: { wafAction: '01', wafIp: [`${BETA_EVENT.clientIp}/32`] },
      });
      expect(dry.json()).toMatchObject({ matched: 1 });
    },
    WALK_TIMEOUT_MS,
  );
});
