import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { storeKinds } from './helpers/stores.js';
import { chooseEncoding } from '../src/plugins/compression.js';

const get = (t: TestApp, url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
const varies = (headers: Record<string, unknown>) =>
  String(headers['vary'] ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe('the encoding an answer is written in', () => {
  it('is brotli whenever the client takes it, else gzip, else none', () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['deflate', undefined],
      ['gzip, deflate, br, zstd', 'br'],
      ['BR;Q=0.5, gzip', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      ['br;q=0, *', 'gzip'],
      ['*;q=0', undefined],
      ['gzip;q=0.001', 'gzip'],
    ];
    for (const [header, expected] of cases) expect(chooseEncoding(header), String(header)).toBe(expected);
  });
});

describe.each(storeKinds)('compressed API answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  // The OpenAPI document stands for any large JSON answer.
  it('sends JSON with brotli when the client accepts it, preferred over gzip', async () => {
    for (const accept of ['br', 'gzip, deflate, br', 'br;q=1, gzip;q=1']) {
      const res = await get(t, '/api/openapi.json', accept);
      expect(res.headers['content-encoding'], accept).toBe('br');
      expect(varies(res.headers)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toHaveProperty('openapi');
    }
  });

  it('sends JSON with gzip to a client without brotli', async () => {
    const res = await get(t, '/api/openapi.json', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res.headers)).toBe(true);
    const body = gunzipSync(res.rawPayload);
    expect(JSON.parse(body.toString('utf8'))).toHaveProperty('openapi');
    expect(res.rawPayload.length).toBeLessThan(body.length / 3);
  });

  it('sends JSON as it is without Accept-Encoding, or when it is too small to gain', async () => {
    const plain = await get(t, '/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
    const identity = await get(t, '/api/openapi.json', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const small = await get(t, '/api/health', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the built console, precompressed', () => {
  let t: TestApp;
  let webRoot: string;
  // Each copy says which file it came from, so a test sees which one was sent.
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
  const index = `<!doctype html><title>console</title><div id="root"></div><script type="module" src="/assets/app-3f2a.js"></script>${' '.repeat(2000)}`;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'parapet-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    const js = path.join(webRoot, 'assets', 'app-3f2a.js');
    writeFileSync(js, script);
    writeFileSync(`${js}.br`, brotliCompressSync(`${script}//br`));
    writeFileSync(`${js}.gz`, gzipSync(`${script}//gz`));
    writeFileSync(path.join(webRoot, 'index.html'), index);
    writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(`${index}<!--br-->`));
    writeFileSync(path.join(webRoot, 'index.html.gz'), gzipSync(`${index}<!--gz-->`));
    t = await buildTestApp('sqlite', { config: { webRoot } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves a built asset from its .br copy, else its .gz copy, else as it is', async () => {
    const br = await get(t, '/assets/app-3f2a.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(varies(br.headers)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}//br`);

    const gz = await get(t, '/assets/app-3f2a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}//gz`);

    const plain = await get(t, '/assets/app-3f2a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(varies(plain.headers)).toBe(true);
  });

  it('serves the fallback index.html precompressed too', async () => {
    for (const url of ['/', '/login', '/service/overview/a.b/g1']) {
      const res = await get(t, url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(`${index}<!--br-->`);
    }
    const gz = await get(t, '/login', 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${index}<!--gz-->`);
  });
});
