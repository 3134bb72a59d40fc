import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  DASHBOARD_CHOICES_COOKIE,
  FIRST_VIEW_ENTRY,
  LOCALE_COOKIE,
  OWN_DASHBOARD_CHOICES,
  PRELOAD_PLAN_FILE,
  SESSION_COOKIE,
  USER_API,
  type PreloadPlan,
} from '@parapet/shared';
import { buildTestApp, seedUserSession, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';

// The plugin's part of a first view (apps/server/src/plugins/console-first-view.ts): when to ask
// for one, the calls it answers and refuses, and the page around it. The renderer here stands in
// for the console's build (apps/web/src/entry-server.tsx, which the browser tests drive): it
// renders what the server's own API answers it, and is told by the page it is asked for how to
// misbehave.

const INDEX = [
  '<!doctype html>',
  '<html lang="en-US">',
  '  <head>',
  '    <title>console</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
].join('\n');
const PLAN: PreloadPlan = {
  frame: { scripts: ['assets/frame-1.js'], styles: ['assets/frame-1.css'] },
  areas: [{ paths: ['/', '/home'], files: { scripts: ['assets/area-dashboard-1.js'], styles: ['assets/dash-1.css'] } }],
  messages: { 'en-US': 'assets/messages-en-US-1.js', 'zh-TW': 'assets/messages-zh-TW-1.js' },
};

const RENDERER = `
const json = (answer) => answer.text().then((text) => ({ status: answer.status, body: text }));
export async function render({ url, locale, transport }) {
  const headers = { accept: 'application/json', 'x-requested-with': 'parapet' };
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 1500));
  if (url.includes('none')) return { kind: 'none', reason: 'asked for none' };
  if (url.includes('throws')) throw new Error('the renderer broke');
  if (url.includes('sign-out')) {
    await transport('${API_PREFIX}${USER_API.logout}', { method: 'POST', headers });
  }
  const me = await json(await transport('${API_PREFIX}${USER_API.me}', { method: 'GET', headers }));
  return {
    kind: 'page',
    html: '<p id="view" data-locale="' + locale + '">' + me.status + ' ' + me.body.replace(/</g, '&lt;') + '</p>',
    state: '<script type="application/json" id="state">{"$":"$&"}</script>',
  };
}
`;

describe.each(storeKinds)('the dashboard’s first view, rendered by the server, on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'identity', ...headers } });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'parapet-first-view-'));
    const webRoot = path.join(dir, 'dist');
    mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    writeFileSync(path.join(webRoot, PRELOAD_PLAN_FILE), JSON.stringify(PLAN));
    mkdirSync(path.dirname(path.join(dir, FIRST_VIEW_ENTRY)), { recursive: true });
    writeFileSync(path.join(dir, FIRST_VIEW_ENTRY), RENDERER);
    t = await buildTestApp(kind, { config: { webRoot } });
    ({ cookie } = await seedUserSession(t, { username: 'viewer', groups: ['g1'] }));
    await t.app.prepareFirstViews();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the view, rendered with the caller’s own session, in the root, inert until the console takes it over', async () => {
    const res = await get('/home?groupName=g1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The page holds the user's data: no cache keeps it, and it differs by session.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toContain('cookie');
    const view = /<div id="root" inert><p id="view" data-locale="en-US">200 (.*?)<\/p><\/div>/.exec(res.body);
    expect(view?.[1]).toContain('"username":"viewer"');
    // The state follows the root as given: no `$` in it is read as a replacement pattern.
    expect(res.body).toContain('</div><script type="application/json" id="state">{"$":"$&"}</script>');
  });

  it('names the stylesheets in the head and the scripts after the view, in the language asked for', async () => {
    const res = await get('/home/firewall?groupName=g1', { 'accept-language': 'zh-TW' });
    const [head = '', rest = ''] = res.body.split('<div id="root" inert>');
    expect(head).toContain('<html lang="zh-TW">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/frame-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/dash-1.css">');
    expect(head).not.toMatch(/<script|modulepreload|rel="preload"/);
    expect(rest).toContain('data-locale="zh-TW"');
    const scripts = [...rest.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      'assets/index-1.js',
      'assets/vendor-1.js',
      'assets/frame-1.js',
      'assets/area-dashboard-1.js',
      'assets/messages-zh-TW-1.js',
    ]);
  });

  it('sends the page brotli-compressed when asked, the same page', async () => {
    const plain = await get('/home?groupName=g1');
    const br = await get('/home?groupName=g1', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('refuses a call that would change something, and the session stays', async () => {
    const res = await get('/home?groupName=g1&sign-out');
    expect(res.statusCode).toBe(200);
    // No view: the page as built, with the root empty, for the console to render itself.
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="view"');
    const me = await t.app.inject({ method: 'GET', url: `${API_PREFIX}${USER_API.me}`, headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('sends the head at once, before the view is rendered, plain and brotli-compressed', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const encoding of ['identity', 'br']) {
      // The renderer takes 1.5 s over this page: what arrives first is what went out at once.
      const first = await new Promise<string>((resolve, reject) => {
        const req = http.get(
          `${address}/home?groupName=g1&slow`,
          { headers: { cookie, 'accept-encoding': encoding } },
          (res) => {
            const body = encoding === 'br' ? res.pipe(createBrotliDecompress()) : res;
            body.once('data', (chunk: Buffer) => {
              resolve(chunk.toString());
              req.destroy();
            });
          },
        );
        req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
      });
      expect(first, encoding).toContain('</head>');
      expect(first, encoding).not.toContain('<div id="root"');
    }
  });

  it('sends the root empty when the renderer has no view, fails or is late', async () => {
    for (const url of ['/home?groupName=g1&none', '/home?groupName=g1&throws', '/home?groupName=g1&slow']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    }
  });

  it('renders in the language chosen in the console, told by its cookie, over the browser’s', async () => {
    const res = await get('/home?groupName=g1', {
      'accept-language': 'en-US',
      cookie: `${cookie}; ${LOCALE_COOKIE}=zh-TW`,
    });
    expect(res.body).toContain('<html lang="zh-TW">');
    expect(res.body).toContain('data-locale="zh-TW"');
    expect(res.body).toContain('/assets/messages-zh-TW-1.js');
    // A value that is no language of the console is not one.
    const odd = await get('/home?groupName=g1', {
      'accept-language': 'zh-TW',
      cookie: `${cookie}; ${LOCALE_COOKIE}=xx`,
    });
    expect(odd.body).toContain('data-locale="zh-TW"');
  });

  it('renders no view the browser would not draw: no group named, or dashboard choices of its own', async () => {
    for (const [url, extra] of [
      ['/home', ''],
      ['/home/firewall', ''],
      ['/home?groupName=g1', `; ${DASHBOARD_CHOICES_COOKIE}=${OWN_DASHBOARD_CHOICES}`],
    ] as const) {
      const res = await get(url, { cookie: `${cookie}${extra}` });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="view"');
    }
  });

  it('renders no view for another screen, nor without a session', async () => {
    const other = await get('/firewall_rules?groupName=g1');
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(other.body).toContain('<div id="root"></div>');
    const signedOut = await t.app.inject({ method: 'GET', url: '/home?groupName=g1' });
    expect(signedOut.body).toBe(INDEX);
  });

  it('makes its calls with the page request’s cookie: one that is no session is answered 401', async () => {
    const res = await get('/home?groupName=g1', { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(res.body).toMatch(/<p id="view" data-locale="en-US">401 /);
  });
});
