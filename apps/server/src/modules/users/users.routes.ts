import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, errorBodySchema } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';

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
    // Read with the session as the request came in (plugins/auth.ts).
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED');
      return request.auth.user;
    },
  );
};
