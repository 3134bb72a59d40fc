import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERT_API,
  EVENT_LOG_API,
  HTML_PAGE_API,
  INGEST_API,
  ORIGIN_POLICY_API,
  SERVICE_LINE_API,
  TASK_API,
  USER_API,
  WAF_RULE_API,
} from '@parapet/shared';
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
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.$ref).toContain(
      'LoginRequest',
    );
  });

  it('lists the service-line calls at their spec §7 paths, the item calls and the task call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const asOpenApi = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;
    for (const path of [
      ...Object.values(SERVICE_LINE_API),
      ...Object.values(CERT_API),
      ...Object.values(ORIGIN_POLICY_API),
      ...Object.values(HTML_PAGE_API),
      ...Object.values(TASK_API),
      ...Object.values(WAF_RULE_API),
      ...Object.values(EVENT_LOG_API),
    ]) {
      expect(Object.keys(doc.paths), path).toContain(asOpenApi(path));
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/table/rcm-app-profiles/update/create',
        '/api/table/rcm-app-profiles/update/index',
        '/api/table/rcm-nginxconfigs/update/create',
        '/api/validate/ipvalidate',
        '/api/validate/documentexist',
        '/api/validate/checkcname',
      ]),
    );
    expect(
      doc.paths['/api/table/rcm-app-profiles/update/create'].post.requestBody.content['application/json'].schema.$ref,
    ).toContain('CreateServiceLine');
    expect(Object.keys(doc.paths['/api/service-lines/{id}'])).toEqual(expect.arrayContaining(['get', 'delete']));
  });

  it('lists the ingest call with its bearer token and media types, and the token calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const asOpenApi = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;
    for (const path of Object.values(INGEST_API)) expect(Object.keys(doc.paths), path).toContain(asOpenApi(path));
    const post = doc.paths['/api/ingest/events'].post;
    expect(post.security).toEqual([{ ingestToken: [] }]);
    expect(Object.keys(post.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(['application/x-ndjson', 'application/json']),
    );
    expect(JSON.stringify(post.responses['200'])).toContain('IngestResult');
    expect(doc.components.securitySchemes.ingestToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has an interactive reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(init.json().info.title).toBe('Parapet API');
  });
});
