import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signedInAdmin } from '../helpers/admin.js';
import { storeKinds } from '../helpers/stores.js';
import { buildIspMmdb } from '../edge/fixtures/mmdb-writer.js';
import { groupWithLine, ingest, makeToken, ndjson, record, storedOf } from './fixtures.js';

/**
 * GEOIP_ASN_DB: the ISP database the edge reads is also the one ingest fills an empty `isp`
 * from, so the console and the edge name a visitor's ISP alike (docs/ingest.md, "ISP").
 */
describe.each(storeKinds)('ingest with GEOIP_ASN_DB on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parapet-ingest-asn-'));
    const file = path.join(dir, 'isps.mmdb');
    await writeFile(
      file,
      buildIspMmdb([
        { network: '8.8.8.0/24', isp: 'Configured ISP' },
        { network: '2606:4700::/32', isp: 'Configured Six' },
      ]),
    );
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false', GEOIP_ASN_DB: file } });
  });
  afterEach(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills a missing ISP from that database, not the packaged one, and keeps a given one', async () => {
    const admin = await signedInAdmin(t);
    await groupWithLine(admin, 'alpha', { name: 'shop.alpha', domains: ['shop.example.com'] });
    const token = await makeToken(admin);
    await ingest(
      t,
      token,
      ndjson([
        record({ req_id: 'v4', client_ip: '8.8.8.8' }),
        record({ req_id: 'v6', client_ip: '2606:4700:4700::1111' }),
        record({ req_id: 'unlisted', client_ip: '1.1.1.1' }),
        record({ req_id: 'given', client_ip: '8.8.8.8', isp: 'Edge ISP' }),
      ]),
    );
    const byId = Object.fromEntries((await storedOf(t, 'alpha')).map((e) => [e.req_id, e.isp]));
    expect(byId).toEqual({ v4: 'Configured ISP', v6: 'Configured Six', unlisted: '', given: 'Edge ISP' });
  });
});
