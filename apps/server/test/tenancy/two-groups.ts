import { expect } from 'vitest';
import {
  CERT_API,
  GROUP_API,
  HTML_PAGE_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  WAF_RULE_API,
  fullAccess,
  type StoreKind,
} from '@parapet/shared';
import { GROUP_SCOPED_TABLES } from '../../src/db/schema.js';
import { makeTestCerts } from '../helpers/certificates.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ApiClient } from '../helpers/client.js';
import { PASSWORD, signUpConfirmed } from '../helpers/accounts.js';
import { signedInAdmin } from '../helpers/admin.js';
import { ingest, makeToken, ndjson, record } from '../ingest/fixtures.js';

/**
 * The world of the isolation walk (issue 16 item 5): group "beta" (bruno) holds one item of
 * every kind, wired together as a customer would (a line using its certificate, origin policy,
 * error page and rule; a rule using its page), plus deploy tasks, audit history and ingested
 * request events. Group "alice" (alice, a member with every permission) holds items of every
 * kind too, some under the same names as beta's ("twin_…"), so a lookup by name that forgets
 * the group picks the wrong one. Every value below that only beta's data holds is a marker:
 * an answer to alice that carries one (and she did not send it) has leaked it.
 */

/**
 * Building the world (two sign-ups, a dozen items, their deploys, openssl) and a walk of a few
 * hundred calls each take seconds alone and far more on a busy machine: their time limit.
 */
export const WALK_TIMEOUT_MS = 180_000;

/** The deployed kinds, by the collection path of their `{id}` routes. */
export const COLLECTIONS = {
  '/api/service-lines': 'service_lines',
  '/api/certs': 'certs',
  '/api/origin-policies': 'origin_policies',
  '/api/html-pages': 'html_pages',
  '/api/waf-rules': 'waf_rules',
} as const;
export type Collection = keyof typeof COLLECTIONS | '/api/admin/ingest-tokens';

/** Beta's request events: values nothing else in the world holds. */
export const BETA_EVENT = {
  reqId: 'beta-req-7f3a91',
  clientIp: '203.0.113.77',
  uri: '/beta-secret-checkout',
  userAgent: 'BetaSecretAgent/1.0',
} as const;

export interface Group {
  /** The id of its item of each kind, by collection. */
  ids: Record<Collection, string>;
  /** Its deploy tasks' numbers. */
  taskNos: string[];
}

export interface World {
  t: TestApp;
  admin: ApiClient;
  alice: ApiClient;
  bruno: ApiClient;
  beta: Group;
  own: Group;
  /** Beta's identifiers and values, longest first; `beta` and `bruno` last. */
  markers: string[];
  /** Beta's share of the store (its rows of every group-scoped table, its group, bruno, the tokens). */
  betaRows(): Promise<string>;
  /** Every row of every table the API writes. */
  allRows(): Promise<string>;
  /** References (a line or rule using an item) whose target belongs to another group than the user. */
  crossGroupRefs(): Promise<unknown[]>;
  /** The req_ids of every event the event store holds for a group, newest first. */
  eventsOf(groupName: string): Promise<string[]>;
}

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`fixture call failed (${answer.statusCode}): ${answer.body}`);
  return answer.json() as Record<string, unknown>;
};

/** One item of every kind in `groupName`, the line using the others; answers their ids. */
async function furnish(
  t: TestApp,
  admin: ApiClient,
  groupName: string,
  p: string,
  line: { domain: string; pem: string; key: string; origin: string },
): Promise<Omit<Group['ids'], '/api/admin/ingest-tokens'>> {
  const cert = await ok(
    admin.post(CERT_API.certs, { groupName, keypairname: `${p}_cert`, pem: line.pem, key: line.key }),
  );
  const policy = await ok(
    admin.post(ORIGIN_POLICY_API.policies, { groupName, policyName: `${p}_pool`, origins: [{ address: line.origin }] }),
  );
  const page = await ok(
    admin.post(HTML_PAGE_API.pages, { groupName, htmlPageName: `${p}_page`, content: `<p>${p}-page-secret</p>` }),
  );
  const rule = await ok(
    admin.post(WAF_RULE_API.rules, {
      groupName,
      ruleName: `${p}_rule`,
      description: `${p}-rule-secret`,
      wafAction: '01',
      wafDenyHtmlPageName: `${p}_page`,
      wafIp: [`${line.origin}/32`],
    }),
  );
  // Twins: the same names in both groups.
  await ok(admin.post(WAF_RULE_API.rules, { groupName, ruleName: 'twin_rule', wafAction: '01', wafUri: [`^/${p}`] }));
  await ok(admin.post(HTML_PAGE_API.pages, { groupName, htmlPageName: 'twin_page', content: `<p>${p}-twin</p>` }));
  await ok(
    admin.post(ORIGIN_POLICY_API.policies, { groupName, policyName: 'twin_pool', origins: [{ address: line.origin }] }),
  );
  await ok(admin.post(CERT_API.certs, { groupName, keypairname: 'twin_cert', pem: line.pem, key: line.key }));
  await ok(
    admin.post(SERVICE_LINE_API.create, {
      groupName,
      appProfileName: `${p}.line`,
      description: `${p}-line-secret`,
      customerPackage: 'standard',
      servername: [line.domain],
      scheme: ['http', 'https'],
      useSystemCert: false,
      keypairname: `${p}_cert`,
      useOriginPolicy: true,
      usedOriginPolicies: [{ regionName: ['default'], originPolicyName: `${p}_pool` }],
      errorHtmlPageName: `${p}_page`,
      usedWafRules: [{ value: `${p}_rule` }],
    }),
  );
  const lineRow = await t.store.db
    .selectFrom('service_lines')
    .select('id')
    .where('group_name', '=', groupName)
    .where('app_profile_name', '=', `${p}.line`)
    .executeTakeFirstOrThrow();
  return {
    '/api/service-lines': lineRow.id,
    '/api/certs': cert['id'] as string,
    '/api/origin-policies': policy['id'] as string,
    '/api/html-pages': page['id'] as string,
    '/api/waf-rules': rule['id'] as string,
  };
}

const taskNosOf = async (t: TestApp, groupName: string) =>
  (await t.store.db.selectFrom('deploy_tasks').select('task_no').where('group_name', '=', groupName).execute()).map(
    (r) => r.task_no,
  );

export async function buildWorld(kind: StoreKind): Promise<World> {
  const t = await buildTestApp(kind);
  const alice = (await signUpConfirmed(t, 'alice')).client;
  await signUpConfirmed(t, 'bruno');
  const admin = await signedInAdmin(t);
  await ok(admin.post(GROUP_API.groups, { name: 'beta' }));
  await ok(admin.put(`/groups/beta/members/bruno`, { rolePermissions: fullAccess() }));
  const certs = makeTestCerts();
  const betaIds = await furnish(t, admin, 'beta', 'beta', {
    domain: 'shop.example.com',
    pem: certs.leafPem,
    key: certs.leafKey,
    origin: '10.9.9.9',
  });
  const ownIds = await furnish(t, admin, 'alice', 'own', {
    domain: 'api.example.com',
    pem: certs.chainPem,
    key: certs.chainKey,
    origin: '10.1.1.1',
  });
  // An ingest token is platform-wide, made by an admin; beta's events come in through it.
  const token = await makeToken(admin, 'beta_feed');
  const tokenRow = await t.store.db.selectFrom('ingest_tokens').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const sent = await ingest(
    t,
    token,
    ndjson([
      record({
        req_id: BETA_EVENT.reqId,
        timestamp: now - 60_000,
        server_name: 'shop.example.com',
        client_ip: BETA_EVENT.clientIp,
        uri: BETA_EVENT.uri,
        user_agent: BETA_EVENT.userAgent,
        action: '01',
        rule: 'beta_rule',
        status: 403,
      }),
      record({ req_id: 'own-req-1', timestamp: now - 60_000, server_name: 'api.example.com', client_ip: '10.1.1.2' }),
    ]),
  );
  expect(sent.json(), sent.body).toMatchObject({ accepted: 2 });
  await t.app.deploy.drain();

  const bruno = new ApiClient(t.app);
  await ok(bruno.post('/user/login', { username: 'bruno', password: PASSWORD }));
  const beta: Group = {
    ids: { ...betaIds, '/api/admin/ingest-tokens': tokenRow.id },
    taskNos: await taskNosOf(t, 'beta'),
  };
  const own: Group = {
    ids: { ...ownIds, '/api/admin/ingest-tokens': tokenRow.id },
    taskNos: await taskNosOf(t, 'alice'),
  };
  const cname = await t.store.db
    .selectFrom('service_lines')
    .select('cnameto')
    .where('id', '=', betaIds['/api/service-lines'])
    .executeTakeFirstOrThrow();
  const markers = [
    ...Object.values(betaIds),
    ...beta.taskNos,
    ...Object.values(BETA_EVENT),
    cname.cnameto,
    'beta-line-secret',
    'beta-rule-secret',
    'beta-page-secret',
    'beta-twin',
    'beta.line',
    'beta_cert',
    'beta_pool',
    'beta_page',
    'beta_rule',
    'shop.example.com',
    '10.9.9.9',
    'bruno',
  ].filter((m) => m.length > 0);

  const db = t.store.db;
  // The walks read these after every call: the tables are read side by side (on PostgreSQL
  // each read is a round trip; one after another they were most of the walk's time), and the
  // dump keeps the tables' order, so equal stores give equal strings.
  const dumpOf = async (reads: Array<[string, () => Promise<unknown>]>) =>
    JSON.stringify(Object.fromEntries(await Promise.all(reads.map(async ([name, read]) => [name, await read()]))));
  const betaRows = () =>
    dumpOf([
      ...GROUP_SCOPED_TABLES.map(({ table }): [string, () => Promise<unknown>] => [
        table,
        () => db.selectFrom(table).selectAll().where('group_name', '=', 'beta').execute(),
      ]),
      ['groups', () => db.selectFrom('groups').selectAll().where('name', '=', 'beta').execute()],
      ['users', () => db.selectFrom('users').selectAll().where('username', '=', 'bruno').execute()],
      ['ingest_tokens', () => db.selectFrom('ingest_tokens').selectAll().execute()],
    ]);
  const allRows = () => {
    const tables = [
      ...GROUP_SCOPED_TABLES.map((s) => s.table),
      'users',
      'groups',
      'user_tokens',
      'user_avatars',
      'ingest_tokens',
    ] as const;
    return dumpOf(tables.map((table) => [table, () => db.selectFrom(table).selectAll().execute()]));
  };
  const crossGroupRefs = async () => {
    const [refs, ...owned] = await Promise.all([
      db.selectFrom('entity_refs').selectAll().execute(),
      ...Object.values(COLLECTIONS).map((table) => db.selectFrom(table).select(['id', 'group_name']).execute()),
    ]);
    const owner = new Map<string, string>();
    for (const rows of owned) for (const row of rows) owner.set(row.id, row.group_name);
    return refs.filter((ref) => owner.get(ref.to_id) !== ref.group_name || owner.get(ref.from_id) !== ref.group_name);
  };
  const eventsOf = async (groupName: string) => {
    const store = await t.app.events.get();
    const page = await store.search({ groupName, from: 0, to: Date.now() + 60_000, filters: [], limit: 100 });
    return page.rows.map((e) => e.req_id);
  };
  return { t, admin, alice, bruno, beta, own, markers, betaRows, allRows, crossGroupRefs, eventsOf };
}

/** The markers an answer carries that the call did not send itself. */
export function leakedMarkers(markers: readonly string[], sent: string, answer: string): string[] {
  return markers.filter((m) => answer.includes(m) && !sent.includes(m));
}
