import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CERT_API, GROUP_API, HTML_PAGE_API, ORIGIN_POLICY_API, SERVICE_LINE_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { PASSWORD, signUpConfirmed, type Account } from './helpers/accounts.js';
import { fill, signedInAdmin } from './helpers/admin.js';
import type { ApiClient } from './helpers/client.js';
import { makeTestCerts, type TestCerts } from './helpers/certificates.js';
import { storeKinds } from './helpers/stores.js';

const RACERS = 4;
const ROUNDS = 3;

/**
 * Several callers creating (or renaming to) one name at the same moment: exactly one wins and
 * every other one is told the name is taken, as a caller arriving a moment later would be;
 * none sees a 500. Seen on PostgreSQL before: 114 × 500 out of 192 losers.
 */
function expectOneWinner(
  answers: LightMyRequestResponse[],
  won: number,
  loser: { status: number; code: string; field: string },
): void {
  const statuses = answers.map((a) => a.statusCode);
  expect(
    statuses.filter((s) => s === won),
    `statuses ${statuses.join(',')}: ${answers.map((a) => a.body).join(' | ')}`,
  ).toHaveLength(1);
  for (const answer of answers.filter((a) => a.statusCode !== won)) {
    expect(answer.statusCode, answer.body).toBe(loser.status);
    expect(answer.json()).toMatchObject({ code: loser.code, fields: { [loser.field]: 'taken' } });
  }
}

describe.each(storeKinds)('races on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  let admin: ApiClient;
  let c: TestCerts;
  beforeAll(async () => {
    c = makeTestCerts();
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, 'racer');
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  const race = (call: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: RACERS }, (_, i) => call(i)));

  const creates: Array<{
    what: string;
    won: number;
    code?: string;
    field: string;
    call: (name: string, i: number) => Promise<LightMyRequestResponse>;
  }> = [
    {
      what: 'HTML pages',
      won: 201,
      field: 'htmlPageName',
      call: (name) =>
        owner.client.post(HTML_PAGE_API.pages, { groupName: owner.username, htmlPageName: name, content: '<p>hi</p>' }),
    },
    {
      what: 'certificates',
      won: 201,
      field: 'keypairname',
      call: (name) =>
        owner.client.post(CERT_API.certs, {
          groupName: owner.username,
          keypairname: name,
          pem: c.leafPem,
          key: c.leafKey,
        }),
    },
    {
      what: 'origin policies',
      won: 201,
      field: 'policyName',
      call: (name) =>
        owner.client.post(ORIGIN_POLICY_API.policies, {
          groupName: owner.username,
          policyName: name,
          origins: [{ address: '10.0.0.1' }],
        }),
    },
    {
      what: 'service lines',
      won: 200,
      field: 'appProfileName',
      // A line's name has a dot; each racer brings its own domain, so only the name collides.
      call: (name, i) =>
        owner.client.post(SERVICE_LINE_API.create, {
          groupName: owner.username,
          appProfileName: `${name}.line`,
          customerPackage: 'standard',
          servername: [`${name}-${i}.example.com`],
          origins: [{ address: '10.0.0.1' }],
        }),
    },
    { what: 'groups', won: 201, field: 'name', call: (name) => admin.post(GROUP_API.groups, { name }) },
    {
      what: 'admin-created users',
      won: 201,
      code: 'USERNAME_TAKEN',
      field: 'username',
      call: (name, i) =>
        admin.post(GROUP_API.users, { username: name, email: `${name}.${i}@example.test`, password: PASSWORD }),
    },
  ];

  it.each(creates)(
    '$what: one of four simultaneous creates of a name wins, the others hear it is taken',
    async ({ won, code, field, call }) => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = `race${round}`;
        expectOneWinner(await race((i) => call(name, i)), won, { status: 409, code: code ?? 'ALREADY_EXISTS', field });
        // A moment later the sequential check answers the same.
        const late = await call(name, RACERS);
        expect(late.statusCode).toBe(409);
        expect(late.json()).toMatchObject({ code: code ?? 'ALREADY_EXISTS', fields: { [field]: 'taken' } });
      }
    },
  );

  it('groups: four renames to one new name leave one renamed group', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const names = Array.from({ length: RACERS }, (_, i) => `ren${round}-${i}`);
      for (const name of names) expect((await admin.post(GROUP_API.groups, { name })).statusCode).toBe(201);
      const answers = await race((i) =>
        admin.call('PATCH', fill(GROUP_API.group, { groupName: names[i] ?? '' }), {
          name: `renamed${round}`,
          version: 1,
        }),
      );
      expectOneWinner(answers, 200, { status: 409, code: 'ALREADY_EXISTS', field: 'name' });
    }
  });

  it('origin policies: four renames to one new name leave one policy of that name', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const made: Array<{ id: string; version: number }> = [];
      for (let i = 0; i < RACERS; i++) {
        const res = await owner.client.post(ORIGIN_POLICY_API.policies, {
          groupName: owner.username,
          policyName: `pol${round}_${i}`,
          origins: [{ address: '10.0.0.1' }],
        });
        expect(res.statusCode, res.body).toBe(201);
        made.push(res.json() as { id: string; version: number });
      }
      await t.app.deploy.drain();
      const answers = await race((i) => {
        const policy = made[i] as { id: string; version: number };
        return owner.client.put(fill(ORIGIN_POLICY_API.policy, { id: policy.id }), {
          policyName: `moved${round}`,
          origins: [{ address: '10.0.0.2' }],
          version: policy.version,
        });
      });
      expectOneWinner(answers, 200, { status: 409, code: 'ALREADY_EXISTS', field: 'policyName' });
      await t.app.deploy.drain();
      // The group's quota of policies is small; each round leaves it as it found it.
      for (const policy of made)
        expect((await owner.client.delete(fill(ORIGIN_POLICY_API.policy, { id: policy.id }))).statusCode).toBe(200);
      await t.app.deploy.drain();
    }
  });
});
