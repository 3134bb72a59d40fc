import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, SOCKET_PATH } from '@parapet/shared';
import { errorBody } from './errors.js';

/** Vite names built assets by content hash, so they can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
