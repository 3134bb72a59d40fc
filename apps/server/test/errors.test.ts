import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  JSON_BODY_LIMIT_BYTES,
  REQUEST_ID_HEADER,
  errorBodySchema,
} from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

/**
 * The error plumbing every route shares. A probe route with a body schema is added to the
 * built app, as a feature module would add one.
 */
const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe.each(storeKinds)('API error shape on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    t.app.post(
      '/api/probe',
      { schema: { body: z.object({ name: z.string().min(2), port: z.number().int() }).strict() } },
      async () => ({ ok: true }),
    );
    // A route that declares nothing about its input, as a careless module might add one.
    t.app.post('/api/raw/:name', async (request) => ({
      params: request.params,
      query: request.query,
      body: request.body,
    }));
    t.app.get('/api/boom', async () => {
      throw new Error('secret detail at /srv/app.ts: select * from users');
    });
  });
  afterEach(() => t.close());

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const url of ['/api/nope', '/api', '/api/user/nope?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(res.json()).code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json', ...csrf },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe('MALFORMED_BODY');
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 10), port: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json', ...csrf },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported media type with 415 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'text/csv', ...csrf },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('reports every bad field of a body, not only the first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: csrf,
      payload: { name: 'a', port: 'x', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual({ name: 'too_small', port: 'invalid_type', extra: 'unknown_key' });

    const missing = await t.app.inject({ method: 'POST', url: '/api/probe', headers: csrf, payload: {} });
    expect(missing.json().fields).toEqual({ name: 'required', port: 'required' });
  });

  it('refuses a state-changing call without the console header (CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/probe', payload: { name: 'ab', port: 1 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_REJECTED');
    const logout = await t.app.inject({ method: 'GET', url: '/api/user/logout' });
    expect(logout.json().code).toBe('CSRF_REJECTED');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/probe',
      headers: csrf,
      payload: { name: 'ab', port: 1 },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses NUL bytes and lone surrogates in input no schema declares, naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/raw/a%00b?q=x%00',
      headers: csrf,
      payload: { list: ['ok', 'bad\ud800'], 'key\u0000': 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        name: 'illegal_characters',
        q: 'illegal_characters',
        'list.1': 'illegal_characters',
        'key\u0000': 'illegal_characters',
      },
    });
    // A well-formed pair (an emoji) passes.
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/raw/ab',
      headers: csrf,
      payload: { text: 'smile \u{1F600}' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: expect.any(String) });
    expect(res.body).not.toMatch(/secret|select|\/srv/);
  });

  it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { [REQUEST_ID_HEADER]: 'edge-42' } });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('edge-42');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { [REQUEST_ID_HEADER]: 'bad id\n<script>' },
    });
    expect(replaced.headers[REQUEST_ID_HEADER]).not.toContain('script');
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    // The API's policy (plugins/security-headers.ts): nothing may load from an answer or frame it.
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
