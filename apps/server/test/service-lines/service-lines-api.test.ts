import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CERT_API,
  GROUP_API,
  ORIGIN_POLICY_API,
  PLANS,
  SERVICE_LINE_API,
  TASK_API,
  readOnlyAccess,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { makeTestCerts, type TestCerts } from '../helpers/certificates.js';
import { storeKinds } from '../helpers/stores.js';

let c: TestCerts;
beforeAll(() => {
  c = makeTestCerts();
});

describe.each(storeKinds)('service lines API on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  const body = (over: Record<string, unknown> = {}) => ({
    groupName: owner.username,
    appProfileName: 'shop.example',
    customerPackage: 'standard',
    servername: ['shop.example.com', 'www.shop.example.com'],
    origins: [{ address: '10.0.0.1' }],
    ...over,
  });
  const create = (over: Record<string, unknown> = {}) => owner.client.post(SERVICE_LINE_API.create, body(over));
  const lineNamed = async (name: string) =>
    (await owner.client.get(`${SERVICE_LINE_API.lines}?groupName=${owner.username}&search=${name}`)).json().items[0];
  beforeEach(async () => {
    // Tasks run when a test drains them, so it sees Deploying and Deleting for certain.
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    owner = await signUpConfirmed(t, 'lineowner');
  });
  afterEach(() => t.close());

  it('creates a line that deploys, then runs with every default and its complete edge configuration', async () => {
    const res = await create();
    expect(res.statusCode).toBe(200);
    const { taskNo } = res.json();
    expect(taskNo).toMatch(/^[0-9a-f-]{36}$/);
    const made = await lineNamed('shop');
    expect(made).toMatchObject({
      appProfileName: 'shop.example',
      status: 'Deploying',
      httpPort: [80],
      httpsPort: [443],
      originPort: 80,
      errorHtmlPageName: 'default',
      upstreamTimeout: 60,
      proxyBufferSize: 4,
      maxUploadSize: 1,
      version: 1,
    });
    expect(made.cnameto).toMatch(/^[0-9a-f]{16}\.edge\.parapet\.localhost$/);

    await t.app.deploy.drain();
    expect((await owner.client.get(fill(TASK_API.task, { taskNo }))).json()).toMatchObject({
      state: 'succeeded',
      entity: 'service-line',
    });
    const running = (
      await owner.client.get(
        fill(SERVICE_LINE_API.lineByName, { groupName: 'lineowner', appProfileName: 'shop.example' }),
      )
    ).json();
    expect(running).toMatchObject({ id: made.id, status: 'Running' });
    expect(
      (await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: 'lineowner', appProfileName: 'no.such' })))
        .statusCode,
    ).toBe(404);
    const config = JSON.parse(await readFile(path.join(t.dataDir, 'edge', 'service-lines', `${made.id}.json`), 'utf8'));
    expect(config).toMatchObject({
      name: 'shop.example',
      domains: ['shop.example.com', 'www.shop.example.com'],
      listen: { http: [80], https: [] },
      acceptHttp10: false,
      tls: null,
      upstream: { scheme: 'http', port: 80, servers: [{ address: '10.0.0.1', weight: 1, backup: false }] },
    });
    expect(config.errorPage).toMatch(/^html-pages\/.+\.html$/);
    const log = (
      await owner.client.get(`${GROUP_API.audit}?entity=service-line&entityId=${made.id}&groupName=lineowner`)
    ).json().items;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('saves the whole detail over the version read; answers an empty taskNo while deploying, 409 when stale', async () => {
    await create();
    const made = await lineNamed('shop');
    // Still deploying: the save is not taken.
    expect((await owner.client.post(SERVICE_LINE_API.update, { ...made, maxUploadSize: 50 })).json()).toEqual({
      taskNo: '',
    });
    await t.app.deploy.drain();
    const current = await lineNamed('shop');
    const saved = await owner.client.post(SERVICE_LINE_API.update, {
      ...current,
      maxUploadSize: 50,
      scheme: ['http', 'https'],
      redirecthttps: true,
    });
    expect(saved.json().taskNo).not.toBe('');
    await t.app.deploy.drain();
    expect(await lineNamed('shop')).toMatchObject({
      maxUploadSize: 50,
      scheme: ['http', 'https'],
      redirecthttps: true,
      version: 2,
      status: 'Running',
    });
    const stale = await owner.client.post(SERVICE_LINE_API.update, { ...current, maxUploadSize: 99 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const renamed = await owner.client.post(SERVICE_LINE_API.update, {
      ...(await lineNamed('shop')),
      appProfileName: 'other.name',
    });
    expect(renamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { appProfileName: 'invalid_value' } });
  });

  it('reports every bad field at once, by path, changing nothing', async () => {
    const res = await create({
      appProfileName: 'nodot',
      maxUploadSize: 0,
      scheme: ['http', 'https'],
      httpPort: [81],
      httpsPort: [80, 5000],
      origins: [],
      cusCachepath: 'a b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        appProfileName: 'invalid_format',
        maxUploadSize: 'too_small',
        'httpPort.0': 'http_port_not_allowed',
        'httpsPort.0': 'https_port_not_allowed',
        'httpsPort.1': 'https_port_not_allowed',
        origins: 'required',
        cusCachepath: 'has_space',
      },
    });
    expect(await t.store.db.selectFrom('service_lines').select('id').execute()).toHaveLength(0);
  });

  it('checks what the line names against the store: package, certificate, page, policies', async () => {
    const res = await create({
      customerPackage: 'global',
      scheme: ['https'],
      useSystemCert: false,
      keypairname: 'nope',
      errorHtmlPageName: 'missing',
      useOriginPolicy: true,
      usedOriginPolicies: [{ regionName: ['default'], originPolicyName: 'ghost' }],
    });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        customerPackage: 'invalid_value',
        keypairname: 'not_found',
        errorHtmlPageName: 'not_found',
        'usedOriginPolicies.0.originPolicyName': 'not_found',
      },
    });
  });

  it('keeps a domain on one line across every group', async () => {
    await create();
    const other = await signUpConfirmed(t, 'otherowner');
    const res = await other.client.post(SERVICE_LINE_API.create, {
      ...body(),
      groupName: 'otherowner',
      servername: ['fresh.example.com', 'WWW.shop.example.com'],
    });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'servername.1': 'taken' } });
    const exists = (topic: string, value: string, group = 'otherowner') =>
      other.client.get(
        `${SERVICE_LINE_API.documentExist}?topic=${topic}&fieldVal=${value}&groupName=${group}&timestamp=1`,
      );
    expect((await exists('servername', 'www.shop.example.com')).json()).toEqual({ exist: true });
    expect((await exists('servername', 'fresh.example.com')).json()).toEqual({ exist: false });
    expect((await exists('appProfileName', 'shop.example')).json()).toEqual({ exist: false });
    expect(
      (
        await owner.client.get(
          `${SERVICE_LINE_API.documentExist}?topic=appProfileName&fieldVal=shop.example&groupName=lineowner`,
        )
      ).json(),
    ).toEqual({ exist: true });
    expect((await exists('appProfileName', 'shop.example', 'lineowner')).statusCode).toBe(404);
  });

  it('uses an uploaded certificate and policies by region; they cannot be deleted while used, and are free once the line is gone', async () => {
    const cert = (
      await owner.client.post(CERT_API.certs, {
        groupName: 'lineowner',
        keypairname: 'shop_cert',
        pem: c.leafPem,
        key: c.leafKey,
      })
    ).json();
    await owner.client.post(ORIGIN_POLICY_API.policies, {
      groupName: 'lineowner',
      policyName: 'eu_pool',
      region: ['default'],
      origins: [{ address: '10.1.0.1' }],
    });
    await t.app.deploy.drain();
    const res = await create({
      scheme: ['https'],
      useSystemCert: false,
      keypairname: 'shop_cert',
      useOriginPolicy: true,
      origins: [],
      usedOriginPolicies: [{ regionName: ['default', 'DE'], originPolicyName: 'eu_pool' }],
    });
    expect(res.statusCode).toBe(200);
    await t.app.deploy.drain();
    const line = await lineNamed('shop');
    const config = JSON.parse(await readFile(path.join(t.dataDir, 'edge', 'service-lines', `${line.id}.json`), 'utf8'));
    expect(config.tls).toEqual({ certificate: `certs/${cert.id}.pem`, key: `certs/${cert.id}.key` });
    expect(Object.keys(config.upstream.policiesByRegion)).toEqual(['default', 'DE']);

    // Replacing the certificate redeploys the line that uses it.
    const replaced = await owner.client.put(fill(CERT_API.cert, { id: cert.id }), {
      pem: c.leafPem,
      key: c.leafKey,
      version: cert.version,
    });
    expect(replaced.statusCode).toBe(200);
    expect((await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).json().status).toBe('Deploying');
    await t.app.deploy.drain();
    expect((await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).json().status).toBe('Running');
    const lineTasks = await t.store.db
      .selectFrom('deploy_tasks')
      .select('state')
      .where('entity_id', '=', line.id)
      .execute();
    expect(lineTasks.map((task) => task.state)).toEqual(['succeeded', 'succeeded']);

    const refused = await owner.client.delete(fill(CERT_API.cert, { id: cert.id }));
    expect(refused.json()).toMatchObject({ code: 'IN_USE', usedBy: ['shop.example'] });
    expect((await owner.client.get(fill(CERT_API.cert, { id: cert.id }))).json().usedBy).toEqual(['shop.example']);

    const deleting = await owner.client.delete(fill(SERVICE_LINE_API.line, { id: line.id }));
    expect(deleting.json().taskNo).not.toBe('');
    expect((await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).json().status).toBe('Deleting');
    await t.app.deploy.drain();
    expect((await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).statusCode).toBe(404);
    expect(await readdir(path.join(t.dataDir, 'edge', 'service-lines'))).toEqual([]);
    expect((await owner.client.delete(fill(CERT_API.cert, { id: cert.id }))).statusCode).toBe(200);
    // The domains are free again.
    expect((await create({ appProfileName: 'shop.again' })).statusCode).toBe(200);
  });

  it('clears cache as a task of its own; no path means everything', async () => {
    await create();
    await t.app.deploy.drain();
    const line = await lineNamed('shop');
    const all = (await owner.client.post(fill(SERVICE_LINE_API.purge, { id: line.id }), {})).json();
    const some = (
      await owner.client.post(fill(SERVICE_LINE_API.purge, { id: line.id }), { paths: ['/static/app.js'] })
    ).json();
    await t.app.deploy.drain();
    const request = async (taskNo: string) =>
      JSON.parse(await readFile(path.join(t.dataDir, 'edge', 'purge', `${taskNo}.json`), 'utf8'));
    expect(await request(all.taskNo)).toMatchObject({
      line: line.id,
      paths: [],
      everything: true,
      domains: ['shop.example.com', 'www.shop.example.com'],
    });
    expect(await request(some.taskNo)).toMatchObject({ paths: ['/static/app.js'], everything: false });
    expect(
      (await owner.client.post(fill(SERVICE_LINE_API.purge, { id: line.id }), { paths: ['/a b'] })).json(),
    ).toMatchObject({ fields: { 'paths.0': 'has_space' } });
  });

  it("enforces the plan's line quota and the per-line domain cap", async () => {
    const limit = PLANS.basic.resourceLimits.maxAppProfileCount;
    for (let i = 0; i < limit; i += 1)
      expect((await create({ appProfileName: `line${i}.example`, servername: [`d${i}.example.com`] })).statusCode).toBe(
        200,
      );
    expect((await create({ appProfileName: 'one.more', servername: ['more.example.com'] })).json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    const tooMany = Array.from(
      { length: PLANS.basic.resourceLimits.maxServerNameInAppProfileCount + 1 },
      (_, i) => `n${i}.example.com`,
    );
    const capped = await owner.client.post(SERVICE_LINE_API.create, {
      ...body({ appProfileName: 'cap.example', servername: tooMany }),
    });
    expect(capped.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { servername: 'too_big' } });
  });

  it('validates origin addresses and IPs as the form types them', async () => {
    const check = async (topic: string, val: string) =>
      (await owner.client.post(SERVICE_LINE_API.ipValidate, { topic, val })).json().success;
    expect(await check('origin', '10.0.0.1:8080')).toBe(true);
    expect(await check('origin', 'origin.example.com')).toBe(true);
    expect(await check('origin', 'not an origin')).toBe(false);
    expect(await check('ip', '2001:db8::1')).toBe(true);
    expect(await check('ip', 'origin.example.com')).toBe(false);
  });

  it('lets a read-only member list lines but not create one', async () => {
    const admin = await signedInAdmin(t);
    const reader = await signUpConfirmed(t, 'reader');
    await admin.put(fill(GROUP_API.member, { groupName: 'lineowner', username: 'reader' }), {
      rolePermissions: readOnlyAccess(),
    });
    expect((await reader.client.get(`${SERVICE_LINE_API.lines}?groupName=lineowner`)).statusCode).toBe(200);
    expect((await reader.client.post(SERVICE_LINE_API.create, body())).statusCode).toBe(403);
  });
});
