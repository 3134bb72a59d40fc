import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INGEST_BATCH_MAX_BYTES,
  INGEST_BATCH_MAX_LINES,
  INGEST_REJECTED_LIST_MAX,
  GROUP_API,
  ingestResultSchema,
  planOf,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import type { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';
import { addLine, groupWithLine, ingest, makeToken, ndjson, record, storedOf } from './fixtures.js';

describe.each(storeKinds)('POST /api/ingest/events on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  let token: string;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    admin = await signedInAdmin(t);
    await groupWithLine(
      admin,
      'alpha',
      { name: 'shop.alpha', domains: ['shop.example.com', '*.cdn.example.com'], customerPackage: 'performance' },
      'pro',
    );
    await groupWithLine(admin, 'beta', { name: 'blog.beta', domains: ['blog.example.org'] });
    token = await makeToken(admin);
  });
  afterEach(() => t.close());

  it('stores the good lines of a mixed batch and reports each bad one by its number and fields', async () => {
    const body = ndjson([
      record({ req_id: 'good-1' }),
      '{"req_id": "broken",',
      '',
      record({ req_id: 'bad-ip', client_ip: 'not-an-ip' }),
      { req_id: 'missing', timestamp: 1, server_name: 'shop.example.com', client_ip: '10.0.0.1' },
      '   ',
      '42',
      record({ req_id: 'good-2', status: 404 }),
      // A NUL inside a string (PostgreSQL cannot store it) is refused on its line alone.
      record({ req_id: 'nul', uri: '/a\u0000b' }),
    ]);
    const res = await ingest(t, token, `${body}\r\n`);
    expect(res.statusCode).toBe(200);
    const answer = ingestResultSchema.parse(res.json());
    expect(answer).toEqual({
      accepted: 2,
      duplicates: 0,
      unknownServerName: 0,
      rejected: [
        { line: 2, reason: 'invalid_json' },
        { line: 4, reason: 'invalid_record', fields: { client_ip: 'invalid_ip' } },
        { line: 5, reason: 'invalid_record', fields: { status: 'required' } },
        { line: 7, reason: 'invalid_record', fields: { _: 'invalid_type' } },
        { line: 9, reason: 'invalid_record', fields: { uri: 'illegal_characters' } },
      ],
      rejectedCount: 5,
    });
    const stored = await storedOf(t, 'alpha');
    expect(stored.map((e) => e.req_id).sort()).toEqual(['good-1', 'good-2']);
    // The line's customer package, as the simulator's direct back-fill stores it (not the line's name).
    expect(stored[0]).toMatchObject({ group_name: 'alpha', customer_package: 'performance' });
  });

  it("refuses a record older than its own group's plan keeps, on its line, beside the other errors", async () => {
    const DAY = 24 * 60 * 60_000;
    const basicDays = planOf('basic').resourceLimits.logRetentionDays;
    const proDays = planOf('pro').resourceLimits.logRetentionDays;
    const now = Date.now();
    // beta is on basic, alpha on pro (which keeps longer): a day past basic is only beta's loss.
    const pastBasic = now - (basicDays + 1) * DAY;
    const body = ndjson([
      record({ req_id: 'old-beta', server_name: 'blog.example.org', timestamp: pastBasic }),
      'nope',
      record({ req_id: 'old-alpha', timestamp: pastBasic }),
      record({ req_id: 'too-old-alpha', timestamp: now - (proDays + 1) * DAY }),
      record({ req_id: 'new-beta', server_name: 'blog.example.org' }),
    ]);
    const answer = ingestResultSchema.parse((await ingest(t, token, body)).json());
    const early = { reason: 'invalid_record', fields: { timestamp: 'range_too_early' } };
    expect(answer).toEqual({
      accepted: 2,
      duplicates: 0,
      unknownServerName: 0,
      rejected: [
        { line: 1, ...early },
        { line: 2, reason: 'invalid_json' },
        { line: 4, ...early },
      ],
      rejectedCount: 3,
    });
    expect((await storedOf(t, 'beta')).map((e) => e.req_id)).toEqual(['new-beta']);
    expect((await storedOf(t, 'alpha')).map((e) => e.req_id)).toEqual(['old-alpha']);
    // A plan change is seen at the next batch: on basic, alpha no longer takes that day.
    const plan = await admin.call('PATCH', fill(GROUP_API.group, { groupName: 'alpha' }), {
      plan: 'basic',
      version: 1,
    });
    expect(plan.statusCode).toBe(200);
    const again = ingestResultSchema.parse(
      (await ingest(t, token, ndjson([record({ req_id: 'old-alpha-2', timestamp: pastBasic })]))).json(),
    );
    expect(again).toMatchObject({ accepted: 0, rejected: [{ line: 1, ...early }] });
  });

  it('lists the first rejected lines and counts them all', async () => {
    const lines = Array.from({ length: INGEST_REJECTED_LIST_MAX + 5 }, () => 'nope');
    const res = await ingest(t, token, ndjson([...lines, record()]));
    const answer = ingestResultSchema.parse(res.json());
    expect(answer.rejected).toHaveLength(INGEST_REJECTED_LIST_MAX);
    expect(answer.rejected.at(-1)?.line).toBe(INGEST_REJECTED_LIST_MAX);
    expect(answer).toMatchObject({ rejectedCount: INGEST_REJECTED_LIST_MAX + 5, accepted: 1 });
  });

  it('stores a req_id once across two posts of the same batch', async () => {
    const body = ndjson([record({ req_id: 'dup-a' }), record({ req_id: 'dup-b' }), record({ req_id: 'dup-a' })]);
    expect((await ingest(t, token, body)).json()).toMatchObject({ accepted: 2, duplicates: 1 });
    expect((await ingest(t, token, body)).json()).toMatchObject({ accepted: 0, duplicates: 3 });
    expect(await storedOf(t, 'alpha')).toHaveLength(2);
  });

  it('counts and drops records of unknown server names; matches wildcard domains like nginx', async () => {
    const res = await ingest(
      t,
      token,
      ndjson([
        record({ req_id: 'w1', server_name: 'img.cdn.example.com' }),
        record({ req_id: 'w2', server_name: 'a.b.cdn.example.com' }),
        record({ req_id: 'case', server_name: 'SHOP.example.com.' }),
        record({ req_id: 'port', server_name: 'shop.example.com:443' }),
        record({ req_id: 'u1', server_name: 'cdn.example.com' }),
        record({ req_id: 'u2', server_name: 'nobody.example.net' }),
      ]),
    );
    expect(res.json()).toMatchObject({ accepted: 4, unknownServerName: 2 });
    const stored = await storedOf(t, 'alpha');
    expect(stored.map((e) => e.req_id).sort()).toEqual(['case', 'port', 'w1', 'w2']);
    // Stored as matched, so a filter on the line's domain finds them all, and lists show it once.
    expect(new Set(stored.map((e) => e.server_name))).toEqual(
      new Set(['shop.example.com', 'img.cdn.example.com', 'a.b.cdn.example.com']),
    );
    expect(await storedOf(t, 'beta')).toEqual([]);
  });

  it("files a record under its own line's group only: group B's records never answer for group A", async () => {
    await ingest(
      t,
      token,
      ndjson([
        record({ req_id: 'for-a', server_name: 'shop.example.com' }),
        record({ req_id: 'for-b', server_name: 'blog.example.org' }),
      ]),
    );
    expect((await storedOf(t, 'alpha')).map((e) => e.req_id)).toEqual(['for-a']);
    expect(await storedOf(t, 'beta')).toEqual([expect.objectContaining({ req_id: 'for-b', group_name: 'beta' })]);
  });

  it('sees a line added since the last batch at the next one', async () => {
    const first = await ingest(t, token, ndjson([record({ server_name: 'new.example.io' })]));
    expect(first.json()).toMatchObject({ unknownServerName: 1 });
    await addLine(admin, 'beta', { name: 'new.beta', domains: ['new.example.io'] });
    const second = await ingest(t, token, ndjson([record({ req_id: 'fresh', server_name: 'new.example.io' })]));
    expect(second.json()).toMatchObject({ accepted: 1, unknownServerName: 0 });
    expect(await storedOf(t, 'beta')).toEqual([
      expect.objectContaining({ req_id: 'fresh', customer_package: 'standard' }),
    ]);
  });

  it('fills a missing country from GeoIP and keeps a given one', async () => {
    await ingest(
      t,
      token,
      ndjson([
        record({ req_id: 'public', client_ip: '8.8.8.8' }),
        record({ req_id: 'mapped', client_ip: '::ffff:8.8.8.8' }),
        record({ req_id: 'private', client_ip: '192.168.1.20' }),
        record({ req_id: 'given', client_ip: '8.8.8.8', country: 'DE' }),
      ]),
    );
    const byId = Object.fromEntries((await storedOf(t, 'alpha')).map((e) => [e.req_id, e.country]));
    expect(byId).toEqual({ public: 'US', mapped: 'US', private: '', given: 'DE' });
  });

  it('fills a missing ISP from the ASN database and keeps a given one', async () => {
    await ingest(
      t,
      token,
      ndjson([
        record({ req_id: 'v4', client_ip: '8.8.8.8' }),
        record({ req_id: 'v6', client_ip: '2606:4700:4700::1111' }),
        record({ req_id: 'private', client_ip: '192.168.1.20' }),
        record({ req_id: 'given', client_ip: '8.8.8.8', isp: 'Edge ISP' }),
      ]),
    );
    const byId = Object.fromEntries((await storedOf(t, 'alpha')).map((e) => [e.req_id, e.isp]));
    expect(byId).toEqual({ v4: 'Google LLC', v6: 'Cloudflare, Inc.', private: '', given: 'Edge ISP' });
  });

  it('takes a gzip batch, and refuses a broken one with 400', async () => {
    const body = gzipSync(ndjson([record({ req_id: 'zipped' })]));
    const res = await ingest(t, token, body, { 'content-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1 });
    // Content codings are case-insensitive (RFC 9110 §8.4.1); GZIP was once refused with 415.
    const shouted = await ingest(t, token, gzipSync(ndjson([record({ req_id: 'loud' })])), {
      'content-encoding': 'GZIP',
    });
    expect(shouted.json()).toMatchObject({ accepted: 1 });
    const broken = await ingest(t, token, Buffer.from('not gzip'), { 'content-encoding': 'gzip' });
    expect(broken.statusCode).toBe(400);
  });

  it('refuses with 413 a batch over the byte limit, as sent or inflated, or over the record limit', async () => {
    const filler = `${JSON.stringify(record({ uri: `/${'a'.repeat(4000)}` }))}\n`;
    const big = filler.repeat(Math.ceil(INGEST_BATCH_MAX_BYTES / filler.length) + 1);
    const cases: Record<string, [string | Buffer, Record<string, string>]> = {
      raw: [big, {}],
      inflated: [gzipSync(big), { 'content-encoding': 'gzip' }],
      records: [`${'{}\n'.repeat(INGEST_BATCH_MAX_LINES + 1)}`, {}],
    };
    for (const [label, [body, headers]] of Object.entries(cases)) {
      if (label === 'inflated') expect((body as Buffer).length).toBeLessThan(INGEST_BATCH_MAX_BYTES);
      const res = await ingest(t, token, body, headers);
      expect(res.statusCode, label).toBe(413);
      expect(res.json(), label).toMatchObject({ code: 'INGEST_BATCH_TOO_LARGE' });
    }
    expect(await storedOf(t, 'alpha')).toEqual([]);
  });

  it('takes application/json as NDJSON and refuses other media types with 415', async () => {
    const json = await ingest(t, token, JSON.stringify(record({ req_id: 'as-json' })), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(json.json()).toMatchObject({ accepted: 1 });
    const text = await ingest(t, token, ndjson([record()]), { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('keeps the rest of the API on its own JSON limit', async () => {
    const res = await admin.post('/admin/ingest-tokens', { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
