import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GROUP_API,
  adminUserListSchema,
  adminUserQuerySchema,
  adminUserSchema,
  createUserSchema,
  errorBodySchema,
  setDisabledSchema,
  userParamsSchema,
} from '@parapet/shared';
import { createUser, searchUsers, setUserDisabled } from './admin-users.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['users'];
const security = [{ session: [] }];

/** User management for administrators (the specification leaves it out; a console needs it). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const actor = async (request: { actor: () => Promise<{ username: string }> }) => (await request.actor()).username;

  app.get(
    GROUP_API.users,
    {
      schema: {
        tags,
        security,
        summary: 'Search users (admins)',
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => searchUsers(app.store.db, request.query),
  );
  app.post(
    GROUP_API.users,
    {
      schema: {
        tags,
        security,
        summary: 'Create a confirmed user (admins)',
        body: createUserSchema,
        response: { 201: adminUserSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(app.store.db, await actor(request), request.body)),
  );
  app.put(
    GROUP_API.userDisabled,
    {
      schema: {
        tags,
        security,
        summary: 'Disable or enable a user; disabling ends their sessions (admins)',
        params: userParamsSchema,
        body: setDisabledSchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) =>
      setUserDisabled(app.store.db, await actor(request), request.params.username, request.body.disabled, (id) =>
        app.realtime.disconnectSession(id),
      ),
  );
};
