import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API, CERT_API, WAF_RULE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { makeTestCerts } from '../helpers/certificates.js';
import { storedOf } from '../ingest/fixtures.js';
import type { LogShipper } from '../../src/modules/edge/shipper/log-shipper.js';
import {
  edgeRequest,
  NGINX,
  startEdgeApp,
  startOrigin,
  startShipping,
  type EdgeTestApp,
  type TestOrigin,
} from './edge-fixtures.js';

/**
 * Issue 14 item 6 through real nginx on loopback: a line's traffic, its cache and purge, HTTPS
 * with an uploaded certificate, the backup origin, and each request in the event log with its
 * rule and action within 5 s (the access log shipped to ingest). The rule cases are in
 * edge-rules.test.ts and conformance.test.ts.
 */
describe.skipIf(!existsSync(NGINX))('the edge serves lines through real nginx', () => {
  let t: EdgeTestApp;
  let owner: Account;
  let origin: TestOrigin;
  let backup: TestOrigin;
  let shipper: LogShipper;
  const group = 'edgeproxy';
  const certs = makeTestCerts();
  /** Saves a line with some settings changed, as the console's form does. */
  const saveLine = async (name: string, changes: Record<string, unknown>) => {
    const line = (
      await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: group, appProfileName: name }))
    ).json();
    const saved = await owner.client.post(SERVICE_LINE_API.update, { ...line, ...changes });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const lineId = async (name: string) =>
    (
      await t.store.db
        .selectFrom('service_lines')
        .select('id')
        .where('app_profile_name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await startEdgeApp('sqlite');
    owner = await signUpConfirmed(t, group);
    origin = await startOrigin('primary');
    backup = await startOrigin('backup');
    shipper = await startShipping(t);
    const made = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: origin.address }],
      cusCachefile: 'css',
    });
    expect(made.statusCode, made.body).toBe(200);
    await t.deploy();
  }, 60_000);
  afterAll(async () => {
    await shipper?.stop();
    await t?.stopAll();
    await origin?.close();
    await backup?.close();
  });

  const get = (pathname: string, host = 'shop.example.com', extra: Partial<Parameters<typeof edgeRequest>[0]> = {}) =>
    edgeRequest({ port: t.offset + 80, host, path: pathname, ...extra });

  it('a request reaches the test origin through a new line, with the request id sent along', async () => {
    const answer = await get('/hello?x=1');
    expect(answer.status, answer.body).toBe(200);
    const echoed = JSON.parse(answer.body) as { origin: string; url: string; headers: Record<string, string> };
    expect(echoed).toMatchObject({ origin: 'primary', url: '/hello?x=1' });
    expect(echoed.headers['x-forwarded-for']).toBe('127.0.0.1');
    // A name no line serves is not proxied anywhere.
    expect((await get('/', 'nobody.example.com')).status).toBe(404);
  });

  it('a cacheable file is a MISS, then a HIT, then a MISS again after clearing the cache', async () => {
    const before = origin.seen.length;
    const first = await get('/static/site.css');
    expect(first.headers['x-cache-status'] ?? '').toBe('');
    const second = await get('/static/site.css');
    expect(origin.seen.length - before).toBe(1);
    expect(second.body).toBe(first.body);
    const purge = await owner.client.post(fill(SERVICE_LINE_API.purge, { id: await lineId('shop.example') }), {
      paths: ['/static/'],
    });
    expect(purge.statusCode, purge.body).toBeLessThan(300);
    await t.deploy();
    await get('/static/site.css');
    expect(origin.seen.length - before).toBe(2);
    // What the cache did is in the log: MISS, HIT, MISS.
    const statuses = async () =>
      (await storedOf(t, group)).filter((e) => e.uri === '/static/site.css').map((e) => e.cache_status);
    // All three: a MISS and a HIT alone were once in while the third was still on its way.
    await expect.poll(async () => (await statuses()).sort(), { timeout: 5000 }).toEqual(['HIT', 'MISS', 'MISS']);
  });

  it('serves HTTPS with an uploaded certificate, and redirects plain HTTP when asked', async () => {
    const cert = await owner.client.post(CERT_API.certs, {
      groupName: group,
      keypairname: 'shop_cert',
      pem: certs.leafPem,
      key: certs.leafKey,
    });
    expect(cert.statusCode, cert.body).toBe(201);
    await saveLine('shop.example', {
      scheme: ['http', 'https'],
      httpsPort: [443],
      keypairname: 'shop_cert',
      useSystemCert: false,
      redirecthttps: true,
      redirectHttpCode: 301,
    });
    await t.deploy();
    const secure = await edgeRequest({
      port: t.offset + 443,
      host: 'shop.example.com',
      path: '/secure',
      https: true,
      ca: certs.leafPem,
    });
    expect(secure.status, secure.body).toBe(200);
    expect(JSON.parse(secure.body)).toMatchObject({ url: '/secure' });
    const plain = await get('/secure?a=1');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://shop.example.com:${t.offset + 443}/secure?a=1`);
  });

  it('the backup origin takes over when the primary goes down', async () => {
    const made = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'failover.example',
      customerPackage: 'standard',
      servername: ['failover.example.com'],
      origins: [{ address: '127.0.0.1:1' }, { address: backup.address, backup: true }],
    });
    expect(made.statusCode, made.body).toBe(200);
    await t.deploy();
    const answer = await get('/', 'failover.example.com');
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ origin: 'backup' });
  });

  it('a change of rules only reaches the running edge as data, without a reload', async () => {
    const generation = async () =>
      ((await (await fetch(`http://127.0.0.1:${t.config.edge.controlPort}/health`)).json()) as { generation: string })
        .generation;
    const before = await generation();
    const rule = await owner.client.post(WAF_RULE_API.rules, {
      groupName: group,
      ruleName: 'deny_private',
      wafAction: '01',
      wafUri: ['^/private'],
      wafIp: [],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await saveLine('shop.example', { usedWafRules: [{ value: 'deny_private' }] });
    await t.deploy();
    const denied = await edgeRequest({
      port: t.offset + 443,
      host: 'shop.example.com',
      path: '/private/x',
      https: true,
    });
    expect(denied.status).toBe(403);
    expect(await generation()).toBe(before);
    // It is in the event log with its rule and action within 5 s.
    await expect
      .poll(async () => (await storedOf(t, group)).find((e) => e.uri === '/private/x'), { timeout: 5000 })
      .toMatchObject({ rule: 'deny_private', action: '01', type: '01', status: 403 });
  });

  it("a configuration nginx refuses fails its task with nginx's reason, and the live one keeps serving", async () => {
    // A host name nginx cannot resolve is refused when nginx loads the configuration.
    const made = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'broken.example',
      customerPackage: 'standard',
      servername: ['broken.example.com'],
      origins: [{ address: 'no-such-origin.invalid' }],
    });
    expect(made.statusCode, made.body).toBe(200);
    await t.deploy();
    const task = await t.store.db
      .selectFrom('deploy_tasks')
      .selectAll()
      .where('entity_name', '=', 'broken.example')
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ state: 'failed', error: 'edge_config_refused' });
    expect(task.error_detail).toMatch(/host not found in upstream "no-such-origin\.invalid/);
    expect(task.error_detail).not.toContain(t.config.edgeDir);
    const row = await t.store.db
      .selectFrom('service_lines')
      .select(['status', 'last_error'])
      .where('app_profile_name', '=', 'broken.example')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Running', last_error: 'edge_config_refused' });
    expect((await get('/still')).status).toBe(301);
    expect((await get('/', 'broken.example.com')).status).toBe(404);
    const live = await readFile(path.join(t.config.edgeDir, 'nginx', 'live', 'data.json'), 'utf8');
    expect(live).not.toContain('broken.example');
  });
});
