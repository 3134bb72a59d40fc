import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, errorBodySchema } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { loadCurrentUser } from './current-user.js';

/** GET /api/user: who is signed in (spec §7); the console restores itself from it on start. */
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
};
