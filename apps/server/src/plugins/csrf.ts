import fp from 'fastify-plugin';
import { API_PREFIX, CSRF_HEADER, CSRF_HEADER_VALUE, USER_API } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';
import { routedPath } from '../lib/routed-path.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A machine-to-machine call authenticated only by an `Authorization: Bearer` token, never by
     * the session cookie (ingest). A browser never adds that header on its own, so a cross-site
     * page cannot make such a call count, and the console's header is not asked for.
     */
    bearerOnly?: boolean;
  }
}

const API_PATHS = `${API_PREFIX}/`;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET calls that still change state (spec §7 fixes sign-out as a GET). */
const UNSAFE_GETS = new Set([`${API_PREFIX}${USER_API.logout}`]);

/**
 * Cross-site request defence beside the SameSite cookie: every state-changing API call must
 * carry the console's custom header. A page on another site cannot add it without a CORS
 * preflight, which this server never grants.
 */
export const csrfPlugin = fp(async (app) => {
  // A callback hook, not an async one: it never waits, and every request passes it.
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided on the route the request was matched to, not on the raw URL: the router decodes
    // the path, so `/api/user/%6Cogout` reaches sign-out while its raw text names nothing we know.
    const route = routedPath(request);
    if (!route?.startsWith(API_PATHS)) return done();
    // Reads go before the route's options: Fastify builds that object anew at each look.
    if (SAFE_METHODS.has(request.method) && !UNSAFE_GETS.has(route)) return done();
    if (request.routeOptions.config.bearerOnly) return done();
    done(request.headers[CSRF_HEADER] === CSRF_HEADER_VALUE ? undefined : new AppError('CSRF_REJECTED'));
  });
});
