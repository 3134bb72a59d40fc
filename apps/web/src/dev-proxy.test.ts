// @vitest-environment node
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev` serves the console from Vite and forwards /api to the API server. This starts
 * the real Vite dev server with our config against a stand-in API server and asks through it.
 */
describe('the development server', () => {
  let api: Server;
  let vite: ViteDevServer;
  let base: string;

  beforeAll(async () => {
    api = createHttpServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ reached: req.url }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    process.env.API_TARGET = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    vite = await createServer({
      configFile: `${import.meta.dirname}/../vite.config.ts`,
      root: `${import.meta.dirname}/..`,
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'silent',
    });
    await vite.listen();
    base = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
  });
  afterAll(async () => {
    await vite.close();
    await new Promise((resolve) => api.close(resolve));
    delete process.env.API_TARGET;
  });

  it('forwards /api calls to the API server', async () => {
    const res = await fetch(`${base}/api/health?x=1`);
    expect(await res.json()).toEqual({ reached: '/api/health?x=1' });
  });

  it('serves the console itself, with hot reload, for other paths', async () => {
    const html = await (await fetch(`${base}/service-lines`)).text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/@vite/client');
  });
});
