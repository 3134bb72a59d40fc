import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_API } from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('is generated from the shared schemas of the registered routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/user', '/api/user/logout']));
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Health', 'CurrentUser', 'Error']));
    expect(JSON.stringify(doc.paths['/api/user'].get.responses['200'])).toContain('#/components/schemas/CurrentUser');
  });

  it('lists every account call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of Object.values(USER_API)) expect(Object.keys(doc.paths), path).toContain(`/api${path}`);
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.$ref).toContain('LoginRequest');
  });

  it('has an interactive reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(init.json().info.title).toBe('Parapet API');
  });
});
