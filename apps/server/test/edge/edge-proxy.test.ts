import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_LINE_API } from '@parapet/shared';
import { signUpConfirmed, type Account } from '../helpers/accounts.js';
import { edgeRequest, NGINX, startEdgeApp, startOrigin, type EdgeTestApp, type TestOrigin } from './edge-fixtures.js';
import { existsSync } from 'node:fs';

describe.skipIf(!existsSync(NGINX))('the edge serves a line through real nginx', () => {
  let t: EdgeTestApp;
  let owner: Account;
  let origin: TestOrigin;
  const group = 'edgeproxy';

  beforeAll(async () => {
    t = await startEdgeApp('sqlite');
    owner = await signUpConfirmed(t, group);
    origin = await startOrigin();
  }, 60_000);
  afterAll(async () => {
    await t?.stopAll();
    await origin?.close();
  });

  it('a request reaches the test origin through a new line', async () => {
    const res = await owner.client.post(SERVICE_LINE_API.create, {
      groupName: group,
      appProfileName: 'shop.example',
      customerPackage: 'standard',
      servername: ['shop.example.com'],
      origins: [{ address: origin.address }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deploy();
    const answer = await edgeRequest({ port: t.offset + 80, host: 'shop.example.com', path: '/hello?x=1' });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ origin: 'origin', url: '/hello?x=1' });
  });
});
