import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { can, type AccessRequest, type CurrentUser } from '@parapet/shared';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user with their groups, as read with the session when the request came in. */
    actor: () => Promise<CurrentUser>;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 without a session, 403 unless an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * Checks the caller against the shared permission function for one group. A group the
     * caller does not belong to answers 404 as if it did not exist; a member without the
     * permission gets 403.
     */
    assertGroupAccess: (
      request: FastifyRequest,
      groupName: string,
      access: AccessRequest | 'member',
    ) => Promise<CurrentUser>;
  }
}

export const tenancyPlugin = fp(async (app) => {
  app.decorateRequest('actor', async function (this: FastifyRequest) {
    if (!this.auth) throw new AppError('UNAUTHENTICATED');
    return this.auth.user;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError('UNAUTHENTICATED');
    if ((await request.actor()).privilege !== 'admin') throw new AppError('FORBIDDEN');
  });

  app.decorate(
    'assertGroupAccess',
    async (request: FastifyRequest, groupName: string, access: AccessRequest | 'member') => {
      const user = await request.actor();
      if (user.privilege === 'admin') return user;
      if (!user.inGroupsRole.some((g) => g.groupName === groupName)) throw new AppError('NOT_FOUND');
      if (access !== 'member' && !can(user, groupName, access)) throw new AppError('FORBIDDEN');
      return user;
    },
  );
});
