import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, currentUserSchema, errorBodySchema } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { deleteSession } from '../sessions/sessions.repository.js';
import { loadCurrentUser } from './current-user.js';

/** The /api/user calls of spec §7 that the shell needs: who am I, and sign out. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: currentUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = request.auth && (await loadCurrentUser(app.store.db, request.auth.userId));
      if (!user) throw new AppError('UNAUTHENTICATED');
      return user;
    },
  );

  app.get(
    '/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'End the current session',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      if (request.auth) {
        await deleteSession(app.store.db, request.auth.sessionId);
        app.realtime.disconnectSession(request.auth.sessionId);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );
};
