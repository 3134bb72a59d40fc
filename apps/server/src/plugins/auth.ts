import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { API_PREFIX, SESSION_COOKIE } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';
import { routedPath } from '../lib/routed-path.js';
import { resolveSessionNow, type LiveSession } from '../modules/sessions/sessions.service.js';

/** The session of a request and its user with their groups, read once when the request came in. */
export type RequestAuth = LiveSession;

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session behind the cookie, or null for a visitor. */
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** onRequest or preHandler hook that answers 401 unless the request has a live session. */
    requireUser: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
  }
}

const API_PATHS = `${API_PREFIX}/`;

/** Resolves the session cookie of every API request once, before any handler runs. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  // Callback hooks rather than async ones: requests without a session never wait, and an async
  // hook costs every request a promise and its turns.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL, which may spell the same path percent-encoded.
    if (!routedPath(request)?.startsWith(API_PATHS)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const auth = resolveSessionNow(app.store.db, app.config.session, token);
    if (!(auth instanceof Promise)) {
      request.auth = auth ?? null;
      return done();
    }
    auth.then((live) => {
      request.auth = live ?? null;
      done();
    }, done);
  });
  app.decorate('requireUser', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(request.auth ? undefined : new AppError('UNAUTHENTICATED'));
  });
});
