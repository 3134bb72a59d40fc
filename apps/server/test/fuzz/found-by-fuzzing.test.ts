import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, JSON_MAX_DEPTH, USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { signedInAdmin } from '../helpers/admin.js';
import type { ApiClient } from '../helpers/client.js';
import { storeKinds } from '../helpers/stores.js';

/** The fuzzer's findings (docs/fuzzing.md), each as the smallest call that showed it. */
describe.each(storeKinds)('calls the fuzzer found on %s', (kind) => {
  let t: TestApp;
  let admin: ApiClient;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signedInAdmin(t);
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  const documented = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);

  it('refuses a body nested thousands deep with a 400, not a stack overflow (500)', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of [USER_API.otpSetup, '/service-lines/00000000-0000-0000-0000-000000000000']) {
      const res = await admin.call(url.startsWith('/service') ? 'DELETE' : 'POST', url, deep, {
        'content-type': 'application/json',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'MALFORMED_BODY' });
    }
    // Nesting up to the limit is read as before.
    const fine = `${'['.repeat(JSON_MAX_DEPTH - 1)}${']'.repeat(JSON_MAX_DEPTH - 1)}`;
    const res = await admin.call('POST', USER_API.otpSetup, fine, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
  });

  it('answers a path with broken percent-encoding in our error shape, without echoing it', async () => {
    const res = await admin.get('/waf-rules/%23%ED%A0%80%23');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'MALFORMED_URL', message: expect.any(String) });
    expect(res.body).not.toContain('FST_');
  });

  it('checks a long path parameter with its schema (400 on the field), not the router (414)', async () => {
    const res = await admin.get(`/certs/${'x'.repeat(300)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
  });

  it('documents the statuses Fastify itself answers: 400 for input, 413 and 415 for bodies', async () => {
    expect(documented('/api/audit', 'get')).toContain('400');
    expect(documented('/api/groups/{groupName}', 'delete')).toEqual(expect.arrayContaining(['400', '413', '415']));
    expect(documented('/api/certs', 'post')).toEqual(expect.arrayContaining(['400', '413', '415']));
    const huge = await admin.call('POST', '/certs', JSON.stringify({ x: 'b'.repeat(1024 * 1024 + 1) }), {
      'content-type': 'application/json',
    });
    expect(huge.statusCode).toBe(413);
    const text = await admin.call('POST', '/groups', '<a/>', { 'content-type': 'application/xml' });
    expect(text.statusCode).toBe(415);
  });

  it('reads an empty query value as a parameter not given, not as the number 0', async () => {
    await admin.post('/groups', { name: 'empties' });
    const all = await admin.get('/html-pages?groupName=empties');
    expect(all.json().total).toBeGreaterThan(0);
    const empty = await admin.get('/html-pages?groupName=empties&createdTo=&createdFrom=&status=');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().total).toBe(all.json().total);
  });

  it("documents each route's own answers: the confirmation redirect, the avatar's 401, the preview's HTML", async () => {
    expect(documented('/api/user/confirm', 'get')).toEqual(expect.arrayContaining(['302', '400']));
    const confirm = await t.app.inject({ method: 'GET', url: '/api/user/confirm?token=nope' });
    expect(confirm.statusCode).toBe(302);
    expect(documented('/api/user/avatar', 'get')).toContain('401');
    const avatar = await t.app.inject({
      method: 'GET',
      url: '/api/user/avatar',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(avatar.statusCode).toBe(401);
    expect(documented('/api/html-pages/preview', 'post')).toContain('200');
    expect(documented('/api/html-pages/{id}/preview', 'get')).toContain('200');
  });
});
