import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, SESSION_COOKIE } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';
import { routedPath } from '../lib/routed-path.js';
import { resolveSession, type LiveSession } from '../modules/sessions/sessions.service.js';

/** The session of a request and its user with their groups, read once when the request came in. */
export type RequestAuth = LiveSession;

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session behind the cookie, or null for a visitor. */
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler that answers 401 unless the request has a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** Resolves the session cookie of every API request once, before any handler runs. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL, which may spell the same path percent-encoded.
    if (!routedPath(request)?.startsWith(`${API_PREFIX}/`)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = (await resolveSession(app.store.db, app.config.session, token)) ?? null;
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError('UNAUTHENTICATED');
  });
});
