import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CERT_API, GROUP_API, PLANS, readOnlyAccess } from '@parapet/shared';
import { insertCertRow } from '../../src/modules/certs/certs.repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { storeKinds } from '../helpers/stores.js';

let c: TestCerts;
beforeAll(() => {
  c = makeTestCerts();
});

describe.each(storeKinds)('certificates API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const upload = (body: Record<string, unknown>) =>
    owner.client.post(CERT_API.certs, {
      groupName: owner.username,
      keypairname: 'shop',
      pem: c.leafPem,
      key: c.leafKey,
      ...body,
    });
  beforeEach(async () => {
    t = await buildTestApp(kind);
    owner = await signUpConfirmed(t, 'certowner');
  });
  afterEach(() => t.close());

  it('stores an uploaded certificate with what it says, and never gives the key back', async () => {
    const res = await upload({ pemFileName: 'shop.pem', keyFileName: 'shop.key' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      keypairname: 'shop',
      commonName: 'shop.example.com',
      san: ['shop.example.com', 'www.shop.example.com'],
      emailAddress: 'ops@example.com',
      status: 'Deploying',
      usedBy: [],
      createdBy: 'certowner',
      version: 1,
    });
    await t.app.deploy.drain();
    const keyBody = c.leafKey.split('\n')[1] ?? '';
    const list = await owner.client.get(`${CERT_API.certs}?groupName=certowner`);
    const one = await owner.client.get(fill(CERT_API.cert, { id: res.json().id }));
    for (const answer of [res, list, one]) expect(answer.body).not.toContain(keyBody);
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ keypairname: 'shop', status: 'Running', lastError: null }],
    });
    const row = await t.store.db.selectFrom('certs').select('key_sealed').executeTakeFirstOrThrow();
    expect(row.key_sealed).toMatch(/^v1\./);
    expect(row.key_sealed).not.toContain(keyBody);
    const log = (await owner.client.get(`${GROUP_API.audit}?entity=cert&groupName=certowner`)).body;
    expect(log).toContain('shop.example.com');
    expect(log).not.toContain(keyBody);
  });

  it.each([
    ['a key of another certificate', () => ({ key: c.otherKey }), { key: 'key_mismatch' }],
    ['an encrypted key', () => ({ key: c.encryptedKey }), { key: 'encrypted_key' }],
    ['a malformed PEM', () => ({ pem: 'not a certificate' }), { pem: 'malformed_pem' }],
    ['a certificate without a common name', () => ({ pem: c.noCnPem, key: c.noCnKey }), { pem: 'missing_common_name' }],
    ['a certificate with a bad email', () => ({ pem: c.badEmailPem, key: c.badEmailKey }), { pem: 'invalid_email' }],
    ['a name outside its charset', () => ({ keypairname: 'Shop Cert' }), { keypairname: 'invalid_format' }],
  ])('refuses %s, changing nothing', async (_label, body, fields) => {
    const res = await upload(body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await t.store.db.selectFrom('certs').select('id').execute()).toHaveLength(0);
  });

  it('accepts a chain and reads its leaf; refuses a second certificate of the same name', async () => {
    expect((await upload({ keypairname: 'api', pem: c.chainPem, key: c.chainKey })).json()).toMatchObject({
      commonName: 'api.example.com',
      issuerCommonName: 'Parapet Test CA',
      chainLength: 2,
    });
    const again = await upload({ keypairname: 'api' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { keypairname: 'taken' } });
  });

  it('accepts an expired certificate and lists it as expired', async () => {
    const res = await upload({ keypairname: 'old', pem: c.expiredPem, key: c.expiredKey });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ commonName: 'old.example.com', validityEnd: Date.UTC(2024, 1, 1) });
    const [listed] = (await owner.client.get(`${CERT_API.certs}?groupName=certowner`)).json().items;
    expect(listed.expiredDays).toBeLessThan(-300);
  });

  it('filters by expiry: valid, expiring within the warning window, expired', async () => {
    await upload({ keypairname: 'old', pem: c.expiredPem, key: c.expiredKey });
    await upload({ keypairname: 'shop' });
    await upload({ keypairname: 'api', pem: c.chainPem, key: c.chainKey });
    const names = async (expiry: string) =>
      (await owner.client.get(`${CERT_API.certs}?groupName=certowner&expiry=${expiry}`))
        .json()
        .items.map((x: { keypairname: string }) => x.keypairname);
    // The leaf is valid 90 days, the chain's site certificate 30: within the 30-day warning.
    expect(await names('expired')).toEqual(['old']);
    expect(await names('expiring')).toEqual(['api']);
    expect(await names('valid')).toEqual(['shop']);
    await t.app.deploy.drain();
    expect(
      (await owner.client.get(`${CERT_API.certs}?groupName=certowner&status=Running&createdBy=certowner`)).json().total,
    ).toBe(3);
    expect((await owner.client.get(`${CERT_API.certs}?groupName=certowner&status=Deploying`)).json().total).toBe(0);
  });

  it('replaces the PEM and key with the version read, refusing a stale one, then deletes', async () => {
    const made = (await upload({})).json();
    const url = fill(CERT_API.cert, { id: made.id });
    await t.app.deploy.drain();
    const replaced = await owner.client.put(url, { pem: c.chainPem, key: c.chainKey, version: 1 });
    expect(replaced.json()).toMatchObject({ commonName: 'api.example.com', version: 2, status: 'Deploying' });
    await t.app.deploy.drain();
    const stale = await owner.client.put(url, { pem: c.leafPem, key: c.leafKey, version: 1 });
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await owner.client.delete(url)).statusCode).toBe(200);
    expect((await owner.client.get(url)).statusCode).toBe(404);
    const actions = (await owner.client.get(`${GROUP_API.audit}?entity=cert&entityId=${made.id}&groupName=certowner`))
      .json()
      .items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['delete', 'update', 'create']);
  });

  it("enforces the plan's certificate quota", async () => {
    const now = Date.now();
    for (let i = 0; i < PLANS.basic.resourceLimits.maxCertCount; i++) {
      await insertCertRow(t.store.db, {
        id: `pre-${i}`,
        group_name: 'certowner',
        keypairname: `pre${i}`,
        pem: 'x',
        key_sealed: 'x',
        pem_file_name: null,
        key_file_name: null,
        common_name: 'x',
        issuer_common_name: 'x',
        san: '[]',
        validity_start: now,
        validity_end: now,
        email_address: null,
        chain_length: 1,
        status: 'Running',
        last_error: null,
        created_by: 'x',
        created_at: now,
        updated_at: now,
      });
    }
    const res = await upload({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Exceed Quota' });
    expect((await owner.client.get(`${GROUP_API.resourceLimits}?groupName=certowner`)).json().usage.maxCertCount).toBe(
      PLANS.basic.resourceLimits.maxCertCount,
    );
  });

  it('lets a read-only member list certificates but not upload', async () => {
    const admin = await signedInAdmin(t);
    const reader = await signUpConfirmed(t, 'reader');
    await admin.put(fill(GROUP_API.member, { groupName: 'certowner', username: 'reader' }), {
      rolePermissions: readOnlyAccess(),
    });
    await upload({});
    expect((await reader.client.get(`${CERT_API.certs}?groupName=certowner`)).json().total).toBe(1);
    const refused = await reader.client.post(CERT_API.certs, {
      groupName: 'certowner',
      keypairname: 'mine',
      pem: c.leafPem,
      key: c.leafKey,
    });
    expect(refused.statusCode).toBe(403);
  });
});
