import { isDeepStrictEqual } from 'node:util';
import {
  CERT_API,
  GROUP_API,
  HTML_PAGE_API,
  INGEST_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  SESSION_COOKIE,
  WAF_RULE_API,
  fullAccess,
} from '@parapet/shared';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { startSession } from '../../src/modules/sessions/sessions.service.js';
import { PASSWORD } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { insertTestUser, type TestApp } from '../helpers/app.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { ApiClient } from '../helpers/client.js';

export const GROUP = 'fuzzers';
export const ADMIN = 'fuzz-admin';
export const MEMBER = 'fuzz-member';

/** The callers of a fuzzed call: an admin, a member of the group with every permission, nobody. */
export type CallerKind = 'admin' | 'member' | 'anonymous';
export const CALLER_KINDS: CallerKind[] = ['admin', 'member', 'anonymous'];

/** The group's real items, by the collection path whose `{id}` they answer. */
const ITEM_PATHS = [
  '/api/certs',
  '/api/origin-policies',
  '/api/html-pages',
  '/api/waf-rules',
  '/api/service-lines',
] as const;

/**
 * What the fuzzer calls with: three callers, a group with a member and one item of each kind,
 * an ingest token. Fuzzed calls may sign a caller out, disable them, change their permissions
 * or delete the items; `heal` puts all of that back.
 */
export class FuzzFixture {
  readonly clients: Record<CallerKind, ApiClient>;
  readonly ids: Record<string, string> = {};
  readonly userIds: Record<string, string> = {};
  ingestToken = '';
  taskNo = '';
  private certs: TestCerts | undefined;
  private serial = 0;

  constructor(readonly t: TestApp) {
    this.clients = { admin: new ApiClient(t.app), member: new ApiClient(t.app), anonymous: new ApiClient(t.app) };
  }

  async setUp(): Promise<void> {
    const passwordHash = await hashPassword(PASSWORD);
    this.userIds[ADMIN] = await insertTestUser(this.t, { username: ADMIN, privilege: 'admin', passwordHash });
    this.userIds[MEMBER] = await insertTestUser(this.t, { username: MEMBER, passwordHash });
    await this.signIn('admin');
    await this.signIn('member');
    this.certs = makeTestCerts();
    await this.heal(true);
    const feed = await this.clients.admin.post(INGEST_API.tokens, { name: 'fuzz_feed' });
    this.ingestToken = (feed.json() as { token: string }).token;
    await this.t.app.deploy.drain();
    const task = await this.t.store.db.selectFrom('deploy_tasks').select('task_no').executeTakeFirst();
    this.taskNo = task?.task_no ?? '';
  }

  /** Known values by field or parameter name, for the arbitraries' hints. */
  hint = (name: string): readonly unknown[] | undefined => {
    switch (name) {
      case 'groupName':
        return [GROUP, 'no-such-group', 'all'];
      case 'username':
        return [MEMBER, ADMIN, 'no-such-user'];
      case 'taskNo':
        return [this.taskNo, 'T0000000000'];
      case 'appProfileName':
      case 'fieldVal':
        return ['fuzz.line', 'no.such.line'];
      case 'version':
        return [1, 2, 3];
      case 'keypairname':
        return ['fuzz_cert'];
      case 'policyName':
      case 'originPolicyName':
        return ['fuzz_pool'];
      case 'htmlPageName':
      case 'errorHtmlPageName':
        return ['fuzz_page'];
      case 'ruleName':
        return ['fuzz_rule'];
      case 'rolePermissions':
        return [fullAccess()];
      case 'server_name':
        return ['shop1.fuzz.example.com'];
      case 'id':
        return Object.values(this.ids);
      default:
        return undefined;
    }
  };

  /** Ids for the `{id}` of an operation's path: the group's item of that collection, and unknown ones. */
  idsFor(path: string): string[] {
    const collection = ITEM_PATHS.find((prefix) => path.startsWith(`${prefix}/`));
    const own = collection ? this.ids[collection] : undefined;
    const others = Object.values(this.ids);
    return [...(own ? [own, own] : []), ...others, '00000000-0000-0000-0000-000000000000', 'no-such-id'];
  }

  private async signIn(kind: 'admin' | 'member'): Promise<void> {
    const userId = this.userIds[kind === 'admin' ? ADMIN : MEMBER]!;
    const session = await startSession(this.t.store.db, this.t.config.session, userId, {});
    this.clients[kind].cookie = `${SESSION_COOKIE}=${session.token}`;
  }

  /**
   * Puts the callers and the group back as `setUp` made them: accounts enabled, sessions live,
   * the member in the group with every permission, an item of each kind. Each part is looked at
   * first and put back only when a call changed it: most calls that reach here changed none of
   * it, and an unneeded re-add of the group and the member was two more calls, one of them an
   * audited write, after every successful change (docs/speed.md, "The test run").
   */
  async heal(items: boolean): Promise<void> {
    const db = this.t.store.db;
    const userIds = Object.values(this.userIds);
    await db.updateTable('users').set({ disabled: 0 }).where('id', 'in', userIds).where('disabled', '!=', 0).execute();
    await Promise.all(
      (['admin', 'member'] as const).map(async (kind) => {
        const me = await this.clients[kind].get('/user');
        if (me.statusCode !== 200) await this.signIn(kind);
      }),
    );
    const admin = this.clients.admin;
    const group = await db.selectFrom('groups').select('name').where('name', '=', GROUP).executeTakeFirst();
    if (!group) await admin.post(GROUP_API.groups, { name: GROUP });
    const member = await db
      .selectFrom('group_members')
      .select('role_permissions')
      .where('group_name', '=', GROUP)
      .where('user_id', '=', this.userIds[MEMBER]!)
      .executeTakeFirst();
    if (!member || !isDeepStrictEqual(JSON.parse(member.role_permissions), fullAccess()))
      await admin.put(fill(GROUP_API.member, { groupName: GROUP, username: MEMBER }), {
        rolePermissions: fullAccess(),
      });
    if (items) await this.makeItems();
  }

  private async makeItems(): Promise<void> {
    const admin = this.clients.admin;
    const missing = async (collection: string) => {
      const id = this.ids[collection];
      return !id || (await admin.get(`${collection.slice(4)}/${id}`)).statusCode === 404;
    };
    const made = async (collection: string, body: Record<string, unknown>) => {
      if (!(await missing(collection))) return;
      const res = await admin.post(collection.slice(4), { groupName: GROUP, ...body });
      if (res.statusCode === 201) this.ids[collection] = (res.json() as { id: string }).id;
    };
    const certs = this.certs!;
    await made(`/api${CERT_API.certs}`, { keypairname: 'fuzz_cert', pem: certs.leafPem, key: certs.leafKey });
    await made(`/api${ORIGIN_POLICY_API.policies}`, { policyName: 'fuzz_pool', origins: [{ address: '10.7.7.7' }] });
    await made(`/api${HTML_PAGE_API.pages}`, { htmlPageName: 'fuzz_page', content: '<p>fuzz</p>' });
    await made(`/api${WAF_RULE_API.rules}`, { ruleName: 'fuzz_rule', wafAction: '01', wafIp: ['10.7.7.0/24'] });
    if (await missing('/api/service-lines')) {
      this.serial += 1;
      const name = this.serial === 1 ? 'fuzz.line' : `fuzz.line${this.serial}`;
      await admin.post(SERVICE_LINE_API.create, {
        groupName: GROUP,
        appProfileName: name,
        customerPackage: 'standard',
        servername: [`shop${this.serial}.fuzz.example.com`],
        origins: [{ address: '10.7.7.7' }],
      });
      const line = await this.t.store.db
        .selectFrom('service_lines')
        .select('id')
        .where('group_name', '=', GROUP)
        .executeTakeFirst();
      if (line) this.ids['/api/service-lines'] = line.id;
    }
  }
}
