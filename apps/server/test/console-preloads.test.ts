import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOAD_PLAN_FILE, SESSION_COOKIE, type PreloadPlan } from '@parapet/shared';
import { buildTestApp, type TestApp } from './helpers/app.js';

/** A build's page and plan, as apps/web/build/route-preloads.ts writes it. */
const INDEX = '<!doctype html><html><head><title>console</title>\n  </head><body><div id="root"></div></body></html>';
const PLAN: PreloadPlan = {
  frame: { scripts: ['assets/frame-1.js', 'assets/antd-1.js'], styles: ['assets/frame-1.css'] },
  areas: [
    { paths: ['/', '/home'], files: { scripts: ['assets/area-dashboard-1.js'], styles: [] } },
    { paths: ['/admin/users', '/admin/groups'], files: { scripts: ['assets/area-admin-1.js'], styles: [] } },
    { paths: ['/admin/ingest-tokens'], files: { scripts: ['assets/area-ingest-tokens-1.js'], styles: [] } },
  ],
  messages: { 'en-US': 'assets/messages-en-US-1.js', 'zh-TW': 'assets/messages-zh-TW-1.js' },
};
const SIGNED_IN = { cookie: `${SESSION_COOKIE}=whatever` };

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);

describe('the console page names a signed-in screen’s files', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'parapet-web-'));
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    writeFileSync(path.join(webRoot, PRELOAD_PLAN_FILE), JSON.stringify(PLAN));
    t = await buildTestApp('sqlite', { config: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('preloads the frame, the area and the texts in the browser’s language, in that order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/home?groupName=g1',
      headers: { ...SIGNED_IN, 'accept-language': 'zh-TW,zh;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(preloads(res.body)).toEqual([
      'assets/frame-1.js',
      'assets/antd-1.js',
      'assets/area-dashboard-1.js',
      'assets/messages-zh-TW-1.js',
      'assets/frame-1.css',
    ]);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/frame-1.css">');
  });

  it('picks the area by whole path segments, the longest first', async () => {
    const area = async (url: string) =>
      preloads((await t.app.inject({ method: 'GET', url, headers: SIGNED_IN })).body).filter((f) =>
        f?.includes('area-'),
      );
    expect(await area('/')).toEqual(['assets/area-dashboard-1.js']);
    expect(await area('/home/firewall')).toEqual(['assets/area-dashboard-1.js']);
    expect(await area('/admin/groups/g1')).toEqual(['assets/area-admin-1.js']);
    expect(await area('/admin/ingest-tokens')).toEqual(['assets/area-ingest-tokens-1.js']);
    // Not an area: index.html as built.
    expect(await area('/homework')).toEqual([]);
    expect(await area('/admin')).toEqual([]);
  });

  it('names nothing for a browser without a session, nor on a public screen', async () => {
    for (const [url, headers] of [
      ['/home', {}],
      ['/login', SIGNED_IN],
      ['/signup', SIGNED_IN],
      ['/reset-password/tok', SIGNED_IN],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('sends the page compressed as the request accepts, the same page each way', async () => {
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/home', headers: { ...SIGNED_IN, 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
