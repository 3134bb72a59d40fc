import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { storeKinds } from '../helpers/stores.js';

/** A CSP header as directive → its values. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** The console's pages (any path the app routes), and API answers: an answer, an error, an unknown call. */
const PAGES = ['/', '/login', '/service-lines'];
const API_CALLS = ['/api/health', '/api/user', '/api/no-such-call'];
const URLS = [...PAGES, ...API_CALLS];

describe.each(storeKinds)('strict security headers and CSP on the console (on %s)', (kind) => {
  let t: TestApp;
  let webRoot: string;
  beforeEach(() => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'parapet-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  });
  afterEach(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("the console's pages: a CSP that allows only its own scripts, no inline or eval, no plugins, no framing", async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'http://console.test' }, config: { webRoot } });
    for (const url of PAGES) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        expect.stringMatching(/^text\/html/),
      ]);
      const csp = policy(res);
      expect([url, csp.get('default-src')]).toEqual([url, ["'self'"]]);
      expect([url, csp.get('script-src')]).toEqual([url, ["'self'"]]);
      expect([url, csp.get('script-src-attr')]).toEqual([url, ["'none'"]]);
      expect([url, csp.get('object-src')]).toEqual([url, ["'none'"]]);
      expect([url, csp.get('base-uri')]).toEqual([url, ["'self'"]]);
      expect([url, csp.get('form-action')]).toEqual([url, ["'self'"]]);
      expect([url, csp.get('frame-ancestors')]).toEqual([url, ["'none'"]]);
      expect([url, csp.get('connect-src')]).toEqual([url, ["'self'"]]);
      const all = [...csp.values()].flat();
      expect([url, all.filter((v) => v === "'unsafe-eval'" || v === '*')]).toEqual([url, []]);
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('API answers: a CSP under which nothing loads and nothing frames them', async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'http://console.test' }, config: { webRoot } });
    for (const url of API_CALLS) {
      const csp = policy(await t.app.inject({ method: 'GET', url }));
      expect([url, Object.fromEntries(csp)]).toEqual([
        url,
        { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      ]);
    }
  });

  it('the other security headers on every answer, and none that gives the stack away', async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'http://console.test' }, config: { webRoot } });
    for (const url of URLS) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers]).toMatchObject([
        url,
        {
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'referrer-policy': 'no-referrer',
          'cross-origin-resource-policy': 'same-origin',
        },
      ]);
      expect([url, res.headers['x-powered-by'], res.headers['strict-transport-security']]).toEqual([
        url,
        undefined,
        undefined,
      ]);
    }
  });

  it('over https: HSTS for a year with subdomains, and insecure requests upgraded', async () => {
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'https://console.test' }, config: { webRoot } });
    for (const url of URLS) {
      const res = await t.app.inject({ method: 'GET', url });
      const hsts = String(res.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
      expect(hsts).toContain('includeSubDomains');
      if (PAGES.includes(url)) expect([url, policy(res).has('upgrade-insecure-requests')]).toEqual([url, true]);
    }
  });
});
