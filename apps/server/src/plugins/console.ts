import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, SESSION_COOKIE, SOCKET_PATH } from '@parapet/shared';
import { localeOf } from '../lib/accept-language.js';
import { loadConsoleShell, type ShellPage } from './console-shell.js';
import { errorBody } from './errors.js';

/** Vite names built assets by content hash, so they can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The encodings a request accepts (q above 0), by name. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** The page in the best encoding the request accepts, as the built files are chosen. */
function encodedPage(page: ShellPage, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return { body: page.br, encoding: 'br' };
  if (accepted.has('gzip')) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.plain };
}

/**
 * Serves the built console with history fallback: any GET outside /api and /socket.io that
 * is not a file answers index.html, and the client router takes it from there. The build
 * writes a brotli (.br) and a gzip (.gz) copy beside each text file (apps/web/vite.config.ts);
 * a client that accepts one gets it as it is, index.html of the fallback included, so the
 * server never compresses the console's files itself.
 */
export const consolePlugin = fp(async (app, opts: { webRoot: string }) => {
  const index = path.join(opts.webRoot, 'index.html');
  const built = existsSync(index);
  const shell = built ? loadConsoleShell(opts.webRoot) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own cache headers below; the plugin's default would override them.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
        // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: caches must know.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webRoot: opts.webRoot }, 'console not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi =
      url === API_PREFIX ||
      url.startsWith(`${API_PREFIX}/`) ||
      url.startsWith(`${API_PREFIX}?`) ||
      url.startsWith(SOCKET_PATH);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('NOT_FOUND'));
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The console is not built. Run `npm run build`, then restart the server.');
    }
    // A browser holding a session gets the page that names its screen's files (console-shell.ts).
    // Whether the session is still good is the API's to say: a stale one costs a few preloads.
    const page =
      request.method === 'GET' && request.cookies[SESSION_COOKIE]
        ? shell?.signedInPage(request.url.split('?')[0] ?? '/', localeOf(request.headers['accept-language']))
        : undefined;
    if (page) {
      const { body, encoding } = encodedPage(page, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
