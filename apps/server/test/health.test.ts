import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema, healthSchema } from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

describe.each(storeKinds)('GET /api/health on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers 200 with the store kind while the store answers', async () => {
    t = await buildTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toMatchObject({ status: 'ok', store: kind });
  });

  it('answers 503 STORE_UNAVAILABLE once the store stops answering', async () => {
    t = await buildTestApp(kind);
    await t.store.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json()).code).toBe('STORE_UNAVAILABLE');
  });
});
