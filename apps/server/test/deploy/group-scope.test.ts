import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_GROUPS, CERT_API, HTML_PAGE_API, ORIGIN_POLICY_API, SERVICE_LINE_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { signedInAdmin } from '../helpers/admin.js';
import { makeTestCerts } from '../helpers/certificates.js';
import type { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';

const LISTS = [
  ['certificates', CERT_API.certs],
  ['HTML pages', HTML_PAGE_API.pages],
  ['origin policies', ORIGIN_POLICY_API.policies],
  ['service lines', SERVICE_LINE_API.lines],
] as const;

/** Item lists and creates name one group that exists; "all" and unknown groups get a clear 4xx, never a 500. */
describe.each(storeKinds)('the group of an item call on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  let member: Account;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    admin = await signedInAdmin(t);
    member = await signUpConfirmed(t, 'scoped');
  });
  afterAll(() => t.close());

  it.each(LISTS)('%s: "all" is not a group a list can show, for an admin or a member alike', async (_, path) => {
    for (const caller of [admin, member.client]) {
      const res = await caller.get(`${path}?groupName=${ALL_GROUPS}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { groupName: 'reserved' } });
    }
  });

  it.each(LISTS)('%s: a group that does not exist is not found, for an admin too', async (_, path) => {
    const res = await admin.get(`${path}?groupName=no-such-group`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await admin.get(`${path}?groupName=${member.username}`)).statusCode).toBe(200);
  });

  it('a service line created in a group that does not exist is not found', async () => {
    const res = await admin.post(SERVICE_LINE_API.create, {
      groupName: 'no-such-group',
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: '10.0.0.1' }],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('certificates, HTML pages and origin policies created in a group that does not exist are not found', async () => {
    const c = makeTestCerts();
    const bodies = [
      [CERT_API.certs, { keypairname: 'shop', pem: c.leafPem, key: c.leafKey }],
      [HTML_PAGE_API.pages, { htmlPageName: 'sorry', content: '<p>x</p>' }],
      [ORIGIN_POLICY_API.policies, { policyName: 'pool', origins: [{ address: '10.0.0.1' }] }],
    ] as const;
    for (const [path, body] of bodies) {
      const res = await admin.post(path, { groupName: 'no-such-group', ...body });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
