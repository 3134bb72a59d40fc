import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';

/** GET /api/health: 200 only while the store answers, so a load balancer can route around us. */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and store check',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async () => {
      try {
        await app.store.ping();
      } catch (error) {
        app.log.error({ err: error }, 'store did not answer the health check');
        throw new AppError('STORE_UNAVAILABLE');
      }
      return { status: 'ok' as const, store: app.store.kind, version: opts.version };
    },
  );
};
