import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAF_EXPORT_FORMAT, WAF_EXPORT_VERSION } from '@parapet/shared';
import { storeKinds } from '../helpers/stores.js';
import { BETA_EVENT, WALK_TIMEOUT_MS, buildWorld, leakedMarkers, type World } from './two-groups.js';

/**
 * The isolation walk's cases by name (issue 16 item 5, point 1): alice acts in HER OWN group
 * but names beta's items. Each lookup must be made in her group: it finds nothing (and says
 * `not_found` where it is), or finds her own item of that name ("twin_…"), never beta's.
 * Her own names are tried too, so a call that fails for another reason cannot pass for a refusal.
 */

type Answer = { statusCode: number; body: string; json: () => unknown };
const fieldsOf = (res: Answer) => (res.json() as { fields?: Record<string, string> }).fields ?? {};

describe.each(storeKinds)('isolation by name, from her own group, on %s', (kind) => {
  let w: World;
  let betaBefore: string;
  beforeAll(async () => {
    w = await buildWorld(kind);
    betaBefore = await w.betaRows();
  }, WALK_TIMEOUT_MS);
  afterAll(() => w?.t.close());

  /** After every case: beta's rows as they were, no reference across groups, no value of beta's in `res`. */
  async function untouched(res: Answer, sent: unknown) {
    expect(await w.betaRows(), "beta's rows changed").toBe(betaBefore);
    expect(await w.crossGroupRefs()).toEqual([]);
    expect(leakedMarkers(w.markers, JSON.stringify(sent), res.body)).toEqual([]);
  }

  const lineBody = (over: Record<string, unknown> = {}) => ({
    groupName: 'alice',
    appProfileName: 'probe.line',
    customerPackage: 'standard',
    servername: ['probe.example.com'],
    scheme: ['http', 'https'],
    useSystemCert: false,
    keypairname: 'own_cert',
    confirmUncovered: true,
    useOriginPolicy: true,
    usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'own_pool' }],
    errorHtmlPageName: 'own_page',
    usedWafRules: [{ value: 'own_rule' }],
    ...over,
  });
  /** Each of beta's items named where a line names it, with the field that must say so. */
  const lineCases: Array<[string, Record<string, unknown>, string, string]> = [
    ['certificate', { keypairname: 'beta_cert' }, 'keypairname', 'not_found'],
    [
      'origin policy',
      { usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'beta_pool' }] },
      'usedOriginPolicies.0.originPolicyName',
      'not_found',
    ],
    ['error page', { errorHtmlPageName: 'beta_page' }, 'errorHtmlPageName', 'not_found'],
    ['firewall rule', { usedWafRules: [{ value: 'beta_rule' }] }, 'usedWafRules.0.value', 'not_found'],
    ['domain', { servername: ['shop.example.com'] }, 'servername.0', 'taken'],
  ];

  it(
    "a line of hers, created or saved, can use none of beta's items by name",
    async () => {
      for (const [what, over, field, code] of lineCases) {
        const body = lineBody(over);
        const res = await w.alice.post('/table/rcm-app-profiles/update/create', body);
        expect(res.statusCode, `create naming beta's ${what}: ${res.body}`).toBe(400);
        expect(fieldsOf(res), what).toEqual({ [field]: code });
        await untouched(res, body);
      }
      const detail = (await w.alice.get(`/service-lines/${w.own.ids['/api/service-lines']}`)).json() as object;
      for (const [what, over, field, code] of lineCases) {
        const body = { ...detail, ...over };
        const res = await w.alice.post('/table/rcm-app-profiles/update/index', body);
        expect(res.statusCode, `save naming beta's ${what}: ${res.body}`).toBe(400);
        expect(fieldsOf(res), what).toEqual({ [field]: code });
        await untouched(res, body);
      }
      // The same line with her own names is accepted: the refusals above are the names'.
      const own = await w.alice.post('/table/rcm-app-profiles/update/create', lineBody());
      expect(own.statusCode, own.body).toBe(200);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "her line's domain calls (purge, describe, drop, add) cannot reach beta's domain",
    async () => {
      const own = w.own.ids['/api/service-lines'];
      const calls: Array<[string, Record<string, unknown>, Record<string, string>]> = [
        [`/service-lines/${own}/purge`, { paths: ['/x'], domains: ['shop.example.com'] }, { 'domains.0': 'not_found' }],
        [
          `/service-lines/${own}/domains/bulk-edit`,
          { domains: ['shop.example.com'], description: 'mine' },
          { 'domains.0': 'not_found' },
        ],
        [`/service-lines/${own}/domains/bulk-delete`, { domains: ['shop.example.com'] }, { 'domains.0': 'not_found' }],
        [
          '/table/rcm-nginxconfigs/update/create',
          { groupName: 'alice', appProfileName: 'own.line', servername: ['shop.example.com'] },
          { 'servername.1': 'taken' },
        ],
      ];
      for (const [url, body, fields] of calls) {
        const res = await w.alice.post(url, body);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(fieldsOf(res), url).toEqual(fields);
        await untouched(res, body);
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'a line naming the twins uses her items of those names, never beta’s',
    async () => {
      const body = lineBody({
        appProfileName: 'twin.line',
        servername: ['twin.example.com'],
        keypairname: 'twin_cert',
        usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'twin_pool' }],
        errorHtmlPageName: 'twin_page',
        usedWafRules: [{ value: 'twin_rule' }],
      });
      const res = await w.alice.post('/table/rcm-app-profiles/update/create', body);
      expect(res.statusCode, res.body).toBe(200);
      const line = await w.t.store.db
        .selectFrom('service_lines')
        .select('id')
        .where('app_profile_name', '=', 'twin.line')
        .executeTakeFirstOrThrow();
      const refs = await w.t.store.db.selectFrom('entity_refs').selectAll().where('from_id', '=', line.id).execute();
      expect(refs.map((r) => r.to_entity).sort()).toEqual(['cert', 'html-page', 'origin-policy', 'waf-rule']);
      await untouched(res, body);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "a rule of hers, created or saved, can use neither beta's pages nor its policies",
    async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ wafAction: '01', wafDenyHtmlPageName: 'beta_page' }, 'wafDenyHtmlPageName'],
        [{ wafAction: '12', wafCustomHtmlPageName: 'beta_page' }, 'wafCustomHtmlPageName'],
        [{ wafAction: '13', wafOriginPolicyName: 'beta_pool' }, 'wafOriginPolicyName'],
      ];
      const rule = (await w.alice.get(`/waf-rules/${w.own.ids['/api/waf-rules']}`)).json() as Record<string, unknown>;
      // A save sends every setting and the version read; the rest of the answer is the server's.
      const answerOnly = new Set(['id', 'groupName', 'ruleName', 'status', 'lastError', 'usedBy', 'usageCount']);
      const saved = Object.fromEntries(
        Object.entries(rule).filter(([key]) => !answerOnly.has(key) && !/^(created|updated)/.test(key)),
      );
      for (const [over, field] of cases) {
        const create = { groupName: 'alice', ruleName: 'probe_rule', wafUri: ['^/x'], ...over };
        const made = await w.alice.post('/waf-rules', create);
        expect(made.statusCode, made.body).toBe(400);
        expect(fieldsOf(made)).toEqual({ [field]: 'not_found' });
        await untouched(made, create);
        const save = { ...saved, ...over };
        const res = await w.alice.put(`/waf-rules/${w.own.ids['/api/waf-rules']}`, save);
        expect(res.statusCode, res.body).toBe(400);
        expect(fieldsOf(res)).toEqual({ [field]: 'not_found' });
        await untouched(res, save);
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "the rule tester, export and import of her group know nothing of beta's rules",
    async () => {
      const request = { clientIp: '10.9.9.9', uri: '/beta' };
      const byName = { groupName: 'alice', rules: [{ value: 'beta_rule' }], request };
      const taken = await w.alice.get(
        '/validate/documentexist?topic=wafRuleName&fieldVal=beta_rule&groupName=alice&timestamp=1',
      );
      expect(taken.json()).toEqual({ exist: false });
      const tested = await w.alice.post('/waf-rules/evaluate', byName);
      expect(tested.statusCode).toBe(400);
      expect(fieldsOf(tested)).toEqual({ 'rules.0.value': 'not_found' });
      await untouched(tested, byName);
      const byLine = { groupName: 'alice', appProfileName: 'beta.line', request };
      expect((await w.alice.post('/waf-rules/evaluate', byLine)).statusCode).toBe(404);
      // Her twin matches ^/own, beta's ^/beta: the request is judged by hers.
      const twin = await w.alice.post('/waf-rules/evaluate', { ...byName, rules: [{ value: 'twin_rule' }] });
      expect(twin.statusCode, twin.body).toBe(200);
      expect((twin.json() as { rules: { verdict: string }[] }).rules.map((r) => r.verdict)).toEqual(['not_matched']);

      const exported = await w.alice.get('/waf-rules/export?groupName=alice');
      expect(exported.statusCode).toBe(200);
      expect(leakedMarkers(w.markers, '', exported.body)).toEqual([]);
      expect(exported.body).toContain('^/own');

      const file = (rules: object[]) => ({ format: WAF_EXPORT_FORMAT, version: WAF_EXPORT_VERSION, rules });
      const bad = {
        groupName: 'alice',
        overwrite: true,
        file: file([{ ruleName: 'x_rule', wafAction: '01', wafDenyHtmlPageName: 'beta_page' }]),
      };
      const refused = await w.alice.post('/waf-rules/import', bad);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(fieldsOf(refused)).toEqual({ 'file.rules.0.wafDenyHtmlPageName': 'not_found' });
      await untouched(refused, bad);
      // Overwriting "beta_rule" and "twin_rule" in her group makes or changes hers only.
      const over = {
        groupName: 'alice',
        overwrite: true,
        file: file([{ ruleName: 'beta_rule' }, { ruleName: 'twin_rule' }]),
      };
      const imported = await w.alice.post('/waf-rules/import', over);
      expect(imported.statusCode, imported.body).toBe(200);
      await untouched(imported, over);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "her event log, dashboard and dry run never count beta's events, whatever they filter on",
    async () => {
      const range = { groupName: 'alice', dateRange: { index: 5 } };
      const filters = [
        [{ field: 'server_name', op: 'is', value: 'shop.example.com' }],
        [{ field: 'client_ip', op: 'is', value: BETA_EVENT.clientIp }],
        [{ field: 'uri', op: 'is', value: BETA_EVENT.uri }],
        [],
      ];
      for (const f of filters) {
        const scope = { ...range, filters: f };
        const calls: Array<[string, object]> = [
          ['/event-logs/search', scope],
          ['/event-logs/search', { ...scope, reqId: BETA_EVENT.reqId }],
          ['/event-logs/search', { ...scope, text: BETA_EVENT.uri }],
          ['/event-logs/count', scope],
          ['/event-logs/count', { ...scope, reqId: BETA_EVENT.reqId }],
          ['/event-logs/count', { ...scope, text: BETA_EVENT.uri }],
          ['/event-logs/export', { ...scope, format: 'csv' }],
          ['/event-logs/export', { ...scope, format: 'ndjson' }],
          ['/dashboard/series', { ...scope, metric: 'requests', groupBy: 'server_name' }],
          ['/dashboard/top', { ...scope, dimension: 'client_ip', n: 10, metric: 'requests' }],
          ['/dashboard/filter-values', { ...scope, field: 'server_name' }],
          ['/dashboard/activity', { ...scope, limit: 50 }],
        ];
        for (const [path, body] of calls) {
          const res = await w.alice.post(path, body);
          expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
          expect(leakedMarkers(w.markers, JSON.stringify(body), res.body), path).toEqual([]);
          const ownOnly = f.length === 0 && !('reqId' in body) && !('text' in body);
          if (path === '/event-logs/search') {
            const rows = (res.json() as { rows: { req_id: string }[] }).rows.map((r) => r.req_id);
            expect(rows, JSON.stringify(body)).toEqual(ownOnly ? ['own-req-1'] : []);
          }
          if (path === '/event-logs/count')
            expect(res.json(), JSON.stringify(body)).toEqual({ total: ownOnly ? 1 : 0 });
        }
      }
      const dry = await w.alice.post('/waf-rules/dry-run', {
        groupName: 'alice',
        rule: { wafAction: '01', wafIp: [`${BETA_EVENT.clientIp}/32`] },
      });
      expect(dry.json()).toMatchObject({ matched: 0, examined: 1 });
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "member, group, audit, task and name checks naming beta's people and items answer nothing of them",
    async () => {
      const refusals: Array<[string, string, unknown, number]> = [
        ['GET', '/groups/alice/members', undefined, 403],
        ['PUT', '/groups/alice/members/bruno', { rolePermissions: {} }, 403],
        ['DELETE', '/groups/alice/members/bruno', undefined, 403],
        ['GET', '/admin/users?search=bruno&page=1&pageSize=10', undefined, 403],
        ['PUT', '/admin/users/bruno/disabled', { disabled: true }, 403],
        ['GET', '/groups/alice/service-lines/beta.line', undefined, 404],
        ['POST', '/validate/checkcname', { groupName: 'alice', appProfileName: 'beta.line' }, 404],
        [
          'POST',
          '/table/rcm-nginxconfigs/update/create',
          { groupName: 'alice', appProfileName: 'beta.line', servername: ['more.example.com'] },
          404,
        ],
        ...w.beta.taskNos.map((no): [string, string, unknown, number] => ['GET', `/tasks/${no}`, undefined, 404]),
      ];
      for (const [method, url, body, status] of refusals) {
        const res = await w.alice.call(method as never, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
        await untouched(res, [url, body]);
      }
      const exists = async (topic: string, value: string) =>
        (
          await w.alice.get(`/validate/documentexist?topic=${topic}&fieldVal=${value}&groupName=alice&timestamp=1`)
        ).json();
      expect(await exists('appProfileName', 'beta.line')).toEqual({ exist: false });
      // A domain is unique across groups (one edge serves it), so whether it is free is said to all.
      expect(await exists('servername', 'shop.example.com')).toEqual({ exist: true });
      const kinds: Array<[string, string]> = [
        ['service-line', w.beta.ids['/api/service-lines']],
        ['cert', w.beta.ids['/api/certs']],
        ['origin-policy', w.beta.ids['/api/origin-policies']],
        ['html-page', w.beta.ids['/api/html-pages']],
        ['waf-rule', w.beta.ids['/api/waf-rules']],
      ];
      for (const [entity, id] of kinds) {
        const res = await w.alice.get(`/audit?entity=${entity}&entityId=${id}&groupName=alice&limit=50`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ items: [] });
        // Beta's history is there for bruno, so the empty answer is the group's doing.
        const own = await w.bruno.get(`/audit?entity=${entity}&entityId=${id}&groupName=beta&limit=50`);
        expect((own.json() as { items: unknown[] }).items.length, entity).toBeGreaterThan(0);
      }
    },
    WALK_TIMEOUT_MS,
  );
});
