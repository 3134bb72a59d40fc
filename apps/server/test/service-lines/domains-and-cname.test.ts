import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { fill } from '../helpers/admin.js';
import { startTestDns, type TestDns } from '../helpers/dns-server.js';
import { storeKinds } from '../helpers/stores.js';

describe.each(storeKinds)('domains and Check CNAME on %s', (kind) => {
  let t: TestApp;
  let owner: Account;
  let dns: TestDns | undefined;
  const start = async (env: Record<string, string> = {}) => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false', ...env } });
    owner = await signUpConfirmed(t, 'domowner');
    await owner.client.post(SERVICE_LINE_API.create, {
      groupName: 'domowner',
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com', 'www.shop.example.com', 'old.example.com'],
      origins: [{ address: '10.0.0.1' }],
    });
    await t.app.deploy.drain();
    return (
      await owner.client.get(
        fill(SERVICE_LINE_API.lineByName, { groupName: 'domowner', appProfileName: 'shop.example' }),
      )
    ).json();
  };
  const domainsOf = async (id: string) => (await owner.client.get(fill(SERVICE_LINE_API.domains, { id }))).json().items;
  afterEach(async () => {
    await t.close();
    await dns?.close();
    dns = undefined;
  });

  it('adds domains with a description, edits and deletes in bulk, and keeps one', async () => {
    const line = await start();
    const added = await owner.client.post(SERVICE_LINE_API.addDomain, {
      groupName: 'domowner',
      appProfileName: 'shop.example',
      servername: ['api.example.com', 'cdn.example.com'],
      description: 'new',
    });
    expect(added.json().taskNo).not.toBe('');
    expect(
      (
        await owner.client.post(SERVICE_LINE_API.addDomain, {
          groupName: 'domowner',
          appProfileName: 'shop.example',
          servername: ['x.example.com'],
        })
      ).json(),
    ).toEqual({ taskNo: '' });
    await t.app.deploy.drain();
    const listed = await domainsOf(line.id);
    expect(listed.map((d: { domain: string }) => d.domain)).toEqual([
      'api.example.com',
      'cdn.example.com',
      'old.example.com',
      'shop.example.com',
      'www.shop.example.com',
    ]);
    expect(listed.find((d: { domain: string }) => d.domain === 'api.example.com')).toMatchObject({
      description: 'new',
      cnameto: line.cnameto,
      status: 'Running',
    });
    const again = await owner.client.post(SERVICE_LINE_API.addDomain, {
      groupName: 'domowner',
      appProfileName: 'shop.example',
      servername: ['api.example.com'],
    });
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'servername.0': 'duplicate_entry' } });

    expect(
      (
        await owner.client.post(fill(SERVICE_LINE_API.bulkEditDomains, { id: line.id }), {
          domains: ['old.example.com', 'shop.example.com'],
          description: 'legacy',
        })
      ).json(),
    ).toEqual({ ok: true });
    expect((await domainsOf(line.id)).filter((d: { description: string }) => d.description === 'legacy')).toHaveLength(
      2,
    );

    const removed = await owner.client.post(fill(SERVICE_LINE_API.bulkDeleteDomains, { id: line.id }), {
      domains: ['old.example.com', 'cdn.example.com'],
    });
    expect(removed.json().taskNo).not.toBe('');
    await t.app.deploy.drain();
    const after = (await owner.client.get(fill(SERVICE_LINE_API.line, { id: line.id }))).json();
    expect(after.servername).toEqual(['shop.example.com', 'www.shop.example.com', 'api.example.com']);
    expect(
      (
        await owner.client.post(fill(SERVICE_LINE_API.bulkDeleteDomains, { id: line.id }), {
          domains: ['nope.example.com'],
        })
      ).json(),
    ).toMatchObject({ fields: { 'domains.0': 'not_found' } });
    const all = await owner.client.post(fill(SERVICE_LINE_API.bulkDeleteDomains, { id: line.id }), {
      domains: after.servername,
    });
    expect(all.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { domains: 'last_domain' } });
    // Freed domains can go to another line.
    const other = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: 'domowner',
      appProfileName: 'other.example',
      customerPackage: 'standard',
      servername: ['old.example.com'],
      origins: [{ address: '10.0.0.2' }],
    });
    expect(other.statusCode).toBe(200);
  });

  it('asks real DNS whether each domain points at the line, through the configured resolver', async () => {
    // The CNAME target is random per line, so the zone is made once the line exists.
    let records: Record<string, { cname?: string }> = {};
    dns = await startTestDns(
      new Proxy({}, { get: (_, name: string) => records[name] }) as Record<string, { cname?: string }>,
    );
    const line = await start({ DNS_RESOLVERS: dns.address });
    records = {
      'shop.example.com': { cname: line.cnameto },
      'www.shop.example.com': { cname: 'elsewhere.example.net' },
      'old.example.com': {},
    };
    const res = await owner.client.post(SERVICE_LINE_API.checkCname, {
      groupName: 'domowner',
      appProfileName: 'shop.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().target).toBe(line.cnameto);
    const byDomain = Object.fromEntries(res.json().results.map((r: { domain: string }) => [r.domain, r]));
    expect(byDomain['shop.example.com']).toMatchObject({ ok: true, cname: line.cnameto, error: null });
    expect(byDomain['www.shop.example.com']).toMatchObject({ ok: false, cname: 'elsewhere.example.net', error: null });
    expect(byDomain['old.example.com']).toMatchObject({ ok: false, cname: null, error: 'no_cname' });
    records = {};
    const gone = (
      await owner.client.post(SERVICE_LINE_API.checkCname, { groupName: 'domowner', appProfileName: 'shop.example' })
    ).json();
    expect(gone.results.every((r: { error: string }) => r.error === 'not_found')).toBe(true);
  });
});
