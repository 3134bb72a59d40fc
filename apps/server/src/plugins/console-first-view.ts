import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import {
  API_PREFIX,
  DASHBOARD_API,
  DEFAULT_LOCALE,
  FIRST_VIEW_ENTRY,
  type FirstViewRenderer,
  type FirstViewResult,
  type Locale,
} from '@parapet/shared';

/**
 * How long a first view may take. Past it the browser gets the page as built and renders the
 * screen itself, as it would without a server render: a slow store must not hold the page back.
 */
const FIRST_VIEW_TIME_LIMIT_MS = 800;

/** The POSTs a first view may make: the dashboard's reads. Anything else that changes state is refused. */
const READ_POSTS = new Set(
  [DASHBOARD_API.series, DASHBOARD_API.top, DASHBOARD_API.activity].map((p) => `${API_PREFIX}${p}`),
);

/** Bodies a status forbids (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export interface FirstViews {
  /**
   * Loads the renderer and renders the sign-in page once (no call needs a session there), so the
   * first dashboard is not the one that pays for loading and compiling it. The listening server
   * calls it once it listens (server.ts); the app the tests build never loads it unless asked.
   */
  prepare(): Promise<void>;
  /** Whether the renderer is loaded; asking starts loading it. */
  ready(): boolean;
  /** The first view of the page `url` for the signed-in browser of `request`, or undefined: send the page as built. */
  render(
    request: FastifyRequest,
    url: string,
    locale: Locale,
  ): Promise<Extract<FirstViewResult, { kind: 'page' }> | undefined>;
}

/**
 * The server's render of the dashboard's first view (docs/server-render.md), with the console's
 * own code (apps/web/src/entry-server.tsx, built to `FIRST_VIEW_ENTRY`). Its calls go through
 * this server's router in process (`inject`), carrying the browser's cookie and address, so the
 * same checks as for the browser's own calls hold. The module is loaded on first use, in the
 * background: until then, and whenever it is missing or fails, pages go out as built.
 */
export function firstViews(app: FastifyInstance, webRoot: string): FirstViews {
  const entry = path.resolve(webRoot, '..', FIRST_VIEW_ENTRY);
  let renderer: FirstViewRenderer | undefined;
  let loading: Promise<void> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href)
      .then(async (module: FirstViewRenderer) => {
        const signedOut = () => Promise.resolve(new Response(null, { status: 401 }));
        await module.render({ url: '/login', locale: DEFAULT_LOCALE, transport: signedOut });
        renderer = module;
      })
      .catch((error: unknown) => app.log.warn({ err: error, entry }, 'first views off: the renderer did not load'));
    return loading;
  };
  const built = existsSync(entry);
  if (!built) app.log.info({ entry }, 'first views off: the renderer is not built');

  const transport =
    (request: FastifyRequest) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const method = (init.method ?? 'GET').toUpperCase();
      const pathOnly = url.split('?')[0] ?? '';
      if (!pathOnly.startsWith(`${API_PREFIX}/`) || (method !== 'GET' && !READ_POSTS.has(pathOnly))) {
        throw new Error(`a first view may not call ${method} ${pathOnly}`);
      }
      const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
      for (const name of ['cookie', 'user-agent'] as const) {
        const value = request.headers[name];
        if (value) headers[name] = value;
      }
      const answer = await app.inject({
        method: method as HTTPMethods,
        url,
        headers,
        remoteAddress: request.ip,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  return {
    prepare: () => (built ? load() : Promise.resolve()),
    ready() {
      if (built && !renderer) void load();
      return renderer !== undefined;
    },
    async render(request, url, locale) {
      if (!renderer) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), FIRST_VIEW_TIME_LIMIT_MS);
      });
      try {
        // A render past the limit is not stopped: its calls finish and it warms the next one.
        const started = performance.now();
        const result = await Promise.race([renderer.render({ url, locale, transport: transport(request) }), late]);
        const ms = Math.round(performance.now() - started);
        if (!result) request.log.info({ url, ms }, 'first view: over its time limit');
        else if (result.kind === 'none') request.log.info({ url, ms, reason: result.reason }, 'first view: none');
        else request.log.info({ url, ms }, 'first view rendered');
        return result?.kind === 'page' ? result : undefined;
      } catch (error) {
        request.log.warn({ err: error, url }, 'first view failed');
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
