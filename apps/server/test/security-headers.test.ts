import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleHelmetOptions } from '../src/plugins/security-headers.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

/** The headers helmet itself puts on a real response under the console's options. */
function helmetOnResponse(publicUrl: string): Record<string, unknown> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('x-powered-by', 'something');
  helmet(consoleHelmetOptions({ publicUrl }))(req, res, (error?: unknown) => {
    if (error) throw error;
  });
  return res.getHeaders();
}

/** The console's CSP as @fastify/helmet sent it before the headers were worked out once. */
const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
];
const CSP_END = ["connect-src 'self'", "frame-src 'self' blob:"];

describe('security headers, worked out once', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it.each(['http://console.test', 'https://console.test'])(
    'are exactly the headers helmet sets, on API answers, errors and unknown paths (%s)',
    async (publicUrl) => {
      t = await buildTestApp('sqlite', { env: { PUBLIC_URL: publicUrl } });
      const expected = helmetOnResponse(publicUrl);
      expect(expected['x-powered-by']).toBeUndefined();
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      for (const url of ['/api/health', '/api/user', '/api/no-such-call', '/no-such-page']) {
        const res = await t.app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected))
          expect([url, name, res.headers[name]]).toEqual([url, name, value]);
      }
    },
  );

  it('keeps the console CSP as it was, HSTS only over https', async () => {
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'http://console.test' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe([...CSP, ...CSP_END].join(';'));
    expect(res.headers['strict-transport-security']).toBeUndefined();
    await t.close();
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'https://console.test' } });
    const secure = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(secure.headers['content-security-policy']).toBe([...CSP, 'upgrade-insecure-requests', ...CSP_END].join(';'));
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
