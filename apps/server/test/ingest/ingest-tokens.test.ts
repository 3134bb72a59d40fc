import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INGEST_API, INGEST_TOKEN_PREFIX, INGEST_TOKEN_SHOWN_LENGTH } from '@parapet/shared';
import { buildTestApp, seedUserSession, type TestApp } from '../helpers/app.js';
import { fill, signedInAdmin } from '../helpers/admin.js';
import { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';
import {
  TOKEN_TOUCH_INTERVAL_MS,
  authenticateIngestToken,
} from '../../src/modules/ingest-tokens/ingest-tokens.service.js';
import { groupWithLine, ingest, makeToken, ndjson, record } from './fixtures.js';

describe.each(storeKinds)('ingest tokens on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  beforeEach(async () => {
    t = await buildTestApp(kind, { env: { DEPLOY_WORKER: 'false' } });
    admin = await signedInAdmin(t);
  });
  afterEach(() => t.close());

  it('shows a token once, lists it by its first characters, keeps only its SHA-256, and revokes it', async () => {
    const created = await admin.post(INGEST_API.tokens, { name: ' edge-eu ' });
    expect(created.statusCode).toBe(201);
    const { id, name, token } = created.json() as { id: string; name: string; token: string };
    expect(name).toBe('edge-eu');
    expect(token.startsWith(INGEST_TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThan(40);

    const list = (await admin.get(INGEST_API.tokens)).json() as { items: Record<string, unknown>[] };
    expect(list.items).toEqual([
      {
        id,
        name: 'edge-eu',
        prefix: token.slice(0, INGEST_TOKEN_SHOWN_LENGTH),
        createdBy: 'root',
        createdAt: expect.any(Number),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(token);

    // At rest: the hash, never the token; the audit log names it without the secret.
    const row = await t.store.db.selectFrom('ingest_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await t.store.db.selectFrom('audit_log').selectAll().where('entity', '=', 'ingest_token').execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit)).not.toContain(token);

    // A second live token of the same name could not be told apart.
    const twice = await admin.post(INGEST_API.tokens, { name: 'edge-eu' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_EXISTS', fields: { name: 'taken' } });

    expect((await admin.delete(fill(INGEST_API.token, { id }))).json()).toEqual({ ok: true });
    expect((await admin.get(INGEST_API.tokens)).json()).toEqual({ items: [] });
    expect((await admin.delete(fill(INGEST_API.token, { id }))).statusCode).toBe(404);
    const refused = await ingest(t, token, ndjson([record()]));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INGEST_TOKEN_INVALID' });
    // Once revoked, the name is free again.
    expect((await admin.post(INGEST_API.tokens, { name: 'edge-eu' })).statusCode).toBe(201);
  });

  it('is for admins only: a member gets 403, a visitor 401', async () => {
    const member = new ApiClient(t.app);
    member.cookie = (await seedUserSession(t, { username: 'member', groups: ['acme'] })).cookie;
    const id = (await admin.post(INGEST_API.tokens, { name: 'edge' })).json().id as string;
    expect((await member.get(INGEST_API.tokens)).statusCode).toBe(403);
    expect((await member.post(INGEST_API.tokens, { name: 'mine' })).statusCode).toBe(403);
    expect((await member.delete(fill(INGEST_API.token, { id }))).statusCode).toBe(403);
    const visitor = new ApiClient(t.app);
    expect((await visitor.get(INGEST_API.tokens)).statusCode).toBe(401);
    expect(await t.store.db.selectFrom('ingest_tokens').select('name').execute()).toEqual([{ name: 'edge' }]);
  });

  it('refuses a bad name with field codes', async () => {
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const res = await admin.post(INGEST_API.tokens, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: expect.any(String) } });
    }
  });

  it('answers 401 to a batch without a live bearer token, whatever else it carries', async () => {
    await groupWithLine(admin, 'acme', { name: 'shop.line', domains: ['shop.example.com'] });
    const token = await makeToken(admin);
    const body = ndjson([record()]);
    const cases: Record<string, Record<string, string>> = {
      none: {},
      basic: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      unknown: { authorization: `Bearer ${INGEST_TOKEN_PREFIX}${'A'.repeat(43)}` },
      'not ours': { authorization: 'Bearer abc' },
      // A signed-in admin's session is no ingest token.
      session: { cookie: admin.cookie ?? '' },
    };
    for (const [label, headers] of Object.entries(cases)) {
      const res = await ingest(t, undefined, body, headers);
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toMatchObject({ code: 'INGEST_TOKEN_INVALID' });
    }
    // The scheme is case-insensitive, and no console header (CSRF) is asked for.
    const ok = await ingest(t, undefined, body, { authorization: `bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ accepted: 1 });
  });

  it('records the last use at most once a minute', async () => {
    const token = await makeToken(admin);
    const lastUsed = async () =>
      (await t.store.db.selectFrom('ingest_tokens').select('last_used_at').executeTakeFirstOrThrow()).last_used_at;
    const t0 = 1_800_000_000_000;
    await authenticateIngestToken(t.store.db, `Bearer ${token}`, t0);
    expect(await lastUsed()).toBe(t0);
    await authenticateIngestToken(t.store.db, `Bearer ${token}`, t0 + TOKEN_TOUCH_INTERVAL_MS - 1);
    expect(await lastUsed()).toBe(t0);
    await authenticateIngestToken(t.store.db, `Bearer ${token}`, t0 + TOKEN_TOUCH_INTERVAL_MS);
    expect(await lastUsed()).toBe(t0 + TOKEN_TOUCH_INTERVAL_MS);
    expect((await admin.get(INGEST_API.tokens)).json().items[0].lastUsedAt).toBe(t0 + TOKEN_TOUCH_INTERVAL_MS);
  });
});
