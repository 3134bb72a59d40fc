import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INGEST_API,
  createIngestTokenSchema,
  createdIngestTokenSchema,
  ingestTokenListSchema,
  ingestTokenParamsSchema,
  okSchema,
} from '@parapet/shared';
import { itemRouteErrors, sessionSecurity } from '../../core/item-routes.js';
import { createIngestToken, listIngestTokens, revokeIngestToken } from './ingest-tokens.service.js';

const errors = itemRouteErrors;
const tags = ['ingest'];
const security = sessionSecurity;

/** Ingest tokens, for administrators: the edge and the simulator send events with one. */
export const ingestTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const actor = async (request: { actor: () => Promise<{ username: string }> }) => (await request.actor()).username;

  app.get(
    INGEST_API.tokens,
    {
      schema: {
        tags,
        security,
        summary: 'List live ingest tokens (admins)',
        response: { 200: ingestTokenListSchema, ...errors },
      },
    },
    async () => listIngestTokens(app.store.db),
  );
  app.post(
    INGEST_API.tokens,
    {
      schema: {
        tags,
        security,
        summary: 'Create an ingest token; the answer is the only time the token is shown (admins)',
        body: createIngestTokenSchema,
        response: { 201: createdIngestTokenSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createIngestToken(app.store.db, await actor(request), request.body)),
  );
  app.delete(
    INGEST_API.token,
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an ingest token; batches sent with it are refused from now on (admins)',
        params: ingestTokenParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await revokeIngestToken(app.store.db, await actor(request), request.params.id);
      return { ok: true as const };
    },
  );
};
