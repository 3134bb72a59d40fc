import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { apiHelmetOptions, consoleHelmetOptions } from '../src/plugins/security-headers.js';
import { buildTestApp, type TestApp } from './helpers/app.js';

/** The headers helmet itself puts on a real response under the console's (or the API's) options. */
function helmetOnResponse(publicUrl: string, policy: 'console' | 'api' = 'console'): Record<string, unknown> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('x-powered-by', 'something');
  const options = (policy === 'console' ? consoleHelmetOptions : apiHelmetOptions)({ publicUrl });
  helmet(options)(req, res, (error?: unknown) => {
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

const https = (url: string) => url.startsWith('https:');

describe('security headers, worked out once', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it.each(['http://console.test', 'https://console.test'])(
    "are exactly helmet's, the console's policy on pages and files, the API's on API calls (%s)",
    async (publicUrl) => {
      t = await buildTestApp('sqlite', { env: { PUBLIC_URL: publicUrl } });
      const policies = { console: helmetOnResponse(publicUrl), api: helmetOnResponse(publicUrl, 'api') };
      for (const expected of Object.values(policies)) {
        expect(expected['x-powered-by']).toBeUndefined();
        expect(Object.keys(expected).length).toBeGreaterThanOrEqual(https(publicUrl) ? 6 : 5);
      }
      const calls = {
        console: ['/', '/login', '/no-such-page'],
        api: ['/api/health', '/api/user', '/api/no-such-call'],
      };
      for (const [policy, urls] of Object.entries(calls) as ['console' | 'api', string[]][]) {
        const expected = policies[policy];
        const other = policies[policy === 'api' ? 'console' : 'api'];
        for (const url of urls) {
          const res = await t.app.inject({ method: 'GET', url });
          for (const [name, value] of Object.entries(expected))
            expect([url, name, res.headers[name]]).toEqual([url, name, value]);
          // Nothing of the other policy leaks in beside it.
          for (const name of Object.keys(other).filter((n) => !(n in expected)))
            expect([url, name, res.headers[name]]).toEqual([url, name, undefined]);
        }
      }
    },
  );

  it("gives API calls a policy that lets nothing load or frame them, with no sniffing and no other site's reads", async () => {
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'https://console.test' } });
    // The router decodes the path: a call spelled percent-encoded is still an API call.
    for (const url of ['/api/health', '/%61pi/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('keeps the console CSP as it was, HSTS only over https', async () => {
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'http://console.test' } });
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-security-policy']).toBe([...CSP, ...CSP_END].join(';'));
    expect(res.headers['strict-transport-security']).toBeUndefined();
    await t.close();
    t = await buildTestApp('sqlite', { env: { PUBLIC_URL: 'https://console.test' } });
    const secure = await t.app.inject({ method: 'GET', url: '/login' });
    expect(secure.headers['content-security-policy']).toBe([...CSP, 'upgrade-insecure-requests', ...CSP_END].join(';'));
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
