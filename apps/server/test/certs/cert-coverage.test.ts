import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CERT_API, SERVICE_LINE_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { selfSignedPair } from '../helpers/certificates.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';

type CertPair = ReturnType<typeof selfSignedPair>;

let shop: CertPair;
let other: CertPair;
let wildcard: CertPair;
beforeAll(() => {
  shop = selfSignedPair('shop.example.com', { dnsNames: ['shop.example.com', 'www.shop.example.com'], days: 30 });
  other = selfSignedPair('other.example.com', { days: 30 });
  // Covers www.shop.example.com by its wildcard, shop.example.com only through the common name.
  wildcard = selfSignedPair('shop.example.com', { dnsNames: ['*.shop.example.com'], days: 30 });
});

describe.each(storeKinds)('certificate coverage on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const uploadCert = async (keypairname: string, pair: CertPair): Promise<{ id: string }> => {
    const res = await owner.client.post(CERT_API.certs, { groupName: owner.username, keypairname, ...pair });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const lineBody = (over: Record<string, unknown> = {}) => ({
    groupName: owner.username,
    appProfileName: 'shop.line',
    customerPackage: 'standard',
    servername: ['shop.example.com', 'www.shop.example.com'],
    origins: [{ address: '10.0.0.1' }],
    scheme: ['http', 'https'],
    useSystemCert: false,
    keypairname: 'shop',
    ...over,
  });
  const createLine = (over: Record<string, unknown> = {}) => owner.client.post(SERVICE_LINE_API.create, lineBody(over));
  const lineNamed = async (name: string) =>
    (
      await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: owner.username, appProfileName: name }))
    ).json();
  const certById = async (id: string) => (await owner.client.get(fill(CERT_API.cert, { id }))).json();

  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false', ALLOW_PRIVATE_ORIGINS: 'true' } });
    owner = await signUpConfirmed(t, 'coverage');
  });
  afterEach(() => t.close());

  describe('replacing a certificate lines use', () => {
    let certId: string;
    beforeEach(async () => {
      certId = (await uploadCert('shop', shop)).id;
      const made = await createLine();
      expect(made.statusCode).toBe(200);
      await t.app.deploy.drain();
    });

    it('with one for another name answers 409 naming the uncovered domains per line, and changes nothing', async () => {
      const res = await owner.client.put(fill(CERT_API.cert, { id: certId }), { ...other, version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CERT_NOT_COVERING',
        message: expect.any(String),
        details: {
          uncovered: [{ appProfileName: 'shop.line', domains: ['shop.example.com', 'www.shop.example.com'] }],
        },
      });
      expect(await certById(certId)).toMatchObject({ commonName: 'shop.example.com', version: 1, status: 'Running' });
    });

    it('takes the same replacement once confirmed', async () => {
      const res = await owner.client.put(fill(CERT_API.cert, { id: certId }), {
        ...other,
        version: 1,
        confirmUncovered: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ commonName: 'other.example.com', version: 2 });
    });

    it('takes one that still covers every domain (common name plus a one-level wildcard) without asking', async () => {
      const res = await owner.client.put(fill(CERT_API.cert, { id: certId }), { ...wildcard, version: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ san: ['*.shop.example.com'], version: 2 });
    });

    it('asks only about domains this replacement newly leaves uncovered', async () => {
      // Confirmed once: other.example.com covers neither domain. Going back to the first one covers both again.
      expect(
        (await owner.client.put(fill(CERT_API.cert, { id: certId }), { ...other, version: 1, confirmUncovered: true }))
          .statusCode,
      ).toBe(200);
      await t.app.deploy.drain();
      const again = await owner.client.put(fill(CERT_API.cert, { id: certId }), {
        ...selfSignedPair('another.example.com', { days: 30 }),
        version: 2,
      });
      expect(again.statusCode).toBe(200);
    });
  });

  describe("choosing a line's certificate", () => {
    beforeEach(async () => {
      await uploadCert('shop', shop);
      await uploadCert('other', other);
      await t.app.deploy.drain();
    });

    it('on create, one that does not cover every domain answers 409 naming them; confirmed, the line is made', async () => {
      const refused = await createLine({ keypairname: 'other', servername: ['shop.example.com', 'other.example.com'] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CERT_NOT_COVERING',
        details: { uncovered: [{ appProfileName: 'shop.line', domains: ['shop.example.com'] }] },
      });
      expect((await owner.client.get(`${SERVICE_LINE_API.lines}?groupName=coverage`)).json().total).toBe(0);

      const confirmed = await createLine({
        keypairname: 'other',
        servername: ['shop.example.com', 'other.example.com'],
        confirmUncovered: true,
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().taskNo).toBeTruthy();
    });

    it('on save, switching to one that does not cover answers 409; confirmed, it is saved; later saves do not ask again', async () => {
      expect((await createLine()).statusCode).toBe(200);
      await t.app.deploy.drain();
      const line = await lineNamed('shop.line');

      const refused = await owner.client.post(SERVICE_LINE_API.update, { ...line, keypairname: 'other' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CERT_NOT_COVERING',
        details: {
          uncovered: [{ appProfileName: 'shop.line', domains: ['shop.example.com', 'www.shop.example.com'] }],
        },
      });
      expect(await lineNamed('shop.line')).toMatchObject({ keypairname: 'shop', version: 1 });

      expect(
        (await owner.client.post(SERVICE_LINE_API.update, { ...line, keypairname: 'other', confirmUncovered: true }))
          .statusCode,
      ).toBe(200);
      await t.app.deploy.drain();
      const saved = await lineNamed('shop.line');
      expect(saved).toMatchObject({ keypairname: 'other', version: 2 });
      expect(saved).not.toHaveProperty('confirmUncovered');
      // Another tab's save over the confirmed choice is not asked again.
      expect((await owner.client.post(SERVICE_LINE_API.update, { ...saved, maxUploadSize: 2 })).statusCode).toBe(200);
    });

    it('the system certificate and plain HTTP are never asked about', async () => {
      expect((await createLine({ keypairname: 'other', useSystemCert: true })).statusCode).toBe(200);
      expect(
        (
          await createLine({
            appProfileName: 'plain.line',
            servername: ['plain.example.com'],
            scheme: ['http'],
            keypairname: 'other',
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('adding domains to a line (Domains tab)', () => {
    const addDomains = (servername: string[], over: Record<string, unknown> = {}) =>
      owner.client.post(SERVICE_LINE_API.addDomain, {
        groupName: owner.username,
        appProfileName: 'shop.line',
        servername,
        description: 'new',
        ...over,
      });
    beforeEach(async () => {
      await uploadCert('shop', shop);
      // old.example.com was left uncovered, and accepted, when the line was made.
      expect(
        (await createLine({ servername: ['shop.example.com', 'old.example.com'], confirmUncovered: true })).statusCode,
      ).toBe(200);
      await t.app.deploy.drain();
    });

    it('answers 409 naming only the new domains the certificate does not cover, and adds nothing', async () => {
      const refused = await addDomains(['www.shop.example.com', 'new.example.com']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CERT_NOT_COVERING',
        message: expect.any(String),
        details: { uncovered: [{ appProfileName: 'shop.line', domains: ['new.example.com'] }] },
      });
      expect(await lineNamed('shop.line')).toMatchObject({
        servername: ['shop.example.com', 'old.example.com'],
        version: 1,
      });
    });

    it('adds them once confirmed', async () => {
      const confirmed = await addDomains(['www.shop.example.com', 'new.example.com'], { confirmUncovered: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().taskNo).toBeTruthy();
      await t.app.deploy.drain();
      expect(await lineNamed('shop.line')).toMatchObject({
        servername: ['shop.example.com', 'old.example.com', 'www.shop.example.com', 'new.example.com'],
        version: 2,
      });
    });

    it('adds domains the certificate covers without asking', async () => {
      expect((await addDomains(['www.shop.example.com'])).statusCode).toBe(200);
    });
  });
});

describe.each(storeKinds)('errors naming the item on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false', ALLOW_PRIVATE_ORIGINS: 'true' } });
    owner = await signUpConfirmed(t, 'naming');
  });
  afterEach(() => t.close());

  const create = (appProfileName: string, servername: string[]) =>
    owner.client.post(SERVICE_LINE_API.create, {
      groupName: owner.username,
      appProfileName,
      customerPackage: 'standard',
      servername,
      origins: [{ address: '10.0.0.1' }],
    });

  it('a domain another line has names that line, under the path of the domain', async () => {
    expect((await create('shop.line', ['shop.example.com'])).statusCode).toBe(200);
    const res = await create('second.line', ['a.example.com', 'b.example.com', 'shop.example.com']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'servername.2': 'taken' },
      details: { fieldParams: { 'servername.2': { value: 'shop.example.com', usedBy: 'shop.line' } } },
    });
  });

  it('a port not allowed is reported at the path of that port', async () => {
    const res = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: owner.username,
      appProfileName: 'ports.line',
      customerPackage: 'standard',
      servername: ['p.example.com'],
      origins: [{ address: '10.0.0.1' }],
      httpPort: [80, 8081],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'httpPort.1': 'http_port_not_allowed' } });
  });
});
