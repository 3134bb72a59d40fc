import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORIGIN_POLICY_API,
  createOriginPolicySchema,
  originPolicyListQuerySchema,
  originPolicyListSchema,
  originPolicySchema,
  updateOriginPolicySchema,
} from '@parapet/shared';
import { registerItemRoutes } from '../../core/item-routes.js';
import { findPolicyRow, listPolicyRows } from './origin-policies.repository.js';
import { createPolicy, deletePolicy, toPolicies, updatePolicy } from './origin-policies.service.js';

/** Origin policies of a group: load-balanced origins with health checks. */
export const originPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  registerItemRoutes(app, {
    permission: 'originPolicy',
    tag: 'origin policies',
    paths: { list: ORIGIN_POLICY_API.policies, one: ORIGIN_POLICY_API.policy },
    schemas: {
      listQuery: originPolicyListQuerySchema,
      list: originPolicyListSchema,
      item: originPolicySchema,
      create: createOriginPolicySchema,
      update: updateOriginPolicySchema,
    },
    summaries: {
      list: "A group's origin policies, a page at a time",
      one: 'One origin policy',
      create: 'Create an origin policy',
      update: 'Save an origin policy over the version read',
      remove: 'Delete an origin policy no line uses',
    },
    findRow: findPolicyRow,
    list: async (db, query) => {
      const { rows, total } = await listPolicyRows(db, query);
      return { items: await toPolicies(db, rows), total };
    },
    toOne: async (db, row) => (await toPolicies(db, [row]))[0],
    // An origin the server may not reach (by the guard's rules) is refused before anything is written.
    checkCreate: (body) => app.originGuard.assertUsable(body.origins, 'origins'),
    checkUpdate: (body) => app.originGuard.assertUsable(body.origins, 'origins'),
    create: (ctx, { groupName, ...input }) => createPolicy(ctx, groupName, input),
    update: updatePolicy,
    remove: deletePolicy,
  });
};
