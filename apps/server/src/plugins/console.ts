import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  API_PREFIX,
  DASHBOARD_CHOICES_COOKIE,
  GROUP_QUERY_PARAM,
  hasFirstView,
  LOCALE_COOKIE,
  LOCALES,
  OWN_DASHBOARD_CHOICES,
  SESSION_COOKIE,
  SOCKET_PATH,
} from '@parapet/shared';
import { localeOf } from '../lib/accept-language.js';
import { firstViews } from './console-first-view.js';
import { chooseEncoding } from './compression.js';
import { loadConsoleShell } from './console-shell.js';
import { firstViewPage } from './first-view-page.js';
import { errorBody } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads the dashboard's first-view renderer ahead of the first page that needs it (console-first-view.ts). */
    prepareFirstViews(): Promise<void>;
  }
}

/** Vite names built assets by content hash, so they can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether the server can draw the page as this browser would: a dashboard tab, for a named
 * group (else the browser picks the one it used last), on a device whose dashboard choices are
 * the defaults (else they are in its storage, not here). See docs/server-render.md.
 */
function wantsFirstView(pathname: string, search: string, cookies: Record<string, string | undefined>): boolean {
  return (
    hasFirstView(pathname) &&
    new URLSearchParams(search).has(GROUP_QUERY_PARAM) &&
    cookies[DASHBOARD_CHOICES_COOKIE] !== OWN_DASHBOARD_CHOICES
  );
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

  const views = built ? firstViews(app, opts.webRoot) : undefined;
  app.decorate('prepareFirstViews', () => views?.prepare() ?? Promise.resolve());

  app.setNotFoundHandler(async (request, reply) => {
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
    const signedIn = request.method === 'GET' && Boolean(request.cookies[SESSION_COOKIE]);
    const [pathname = '/', search = ''] = request.url.split('?');
    // The language chosen in the console on this device, else the browser's.
    const chosen = request.cookies[LOCALE_COOKIE];
    const locale = LOCALES.find((l) => l === chosen) ?? localeOf(request.headers['accept-language']);
    const page = signedIn ? shell?.signedInPage(pathname, locale) : undefined;
    if (shell && page) {
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
      // The dashboard, drawn here with the user's figures (console-first-view.ts): it holds the
      // user's data, so no cache may keep it.
      const parts =
        views && wantsFirstView(pathname, search, request.cookies) && views.ready()
          ? shell.firstViewParts(pathname, locale)
          : undefined;
      if (views && parts) {
        const view = views.render(request, request.url, locale);
        return reply.header('cache-control', 'no-store').send(firstViewPage(parts, encoding, view));
      }
      return reply.header('cache-control', 'no-cache').send(page[encoding ?? 'plain']);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
