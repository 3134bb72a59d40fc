import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORIGIN_POLICY_API,
  createOriginPolicySchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  originPolicyListQuerySchema,
  originPolicyListSchema,
  originPolicySchema,
  updateOriginPolicySchema,
  type AccessKind,
} from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { AppError } from '../../lib/app-error.js';
import { findPolicyRow, listPolicyRows } from './origin-policies.repository.js';
import { createPolicy, deletePolicy, toPolicies, updatePolicy, type PolicyContext } from './origin-policies.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['origin policies'];
const security = [{ session: [] }];

/** Origin policies of a group: load-balanced origins with health checks. */
export const originPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const access = (request: FastifyRequest, groupName: string, kind: AccessKind) =>
    app.assertGroupAccess(request, groupName, { permission: 'originPolicy', access: kind });
  const context = async (request: FastifyRequest): Promise<PolicyContext> => ({
    db: app.store.db,
    actor: (await request.actor()).username,
  });
  /** A policy of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind) => {
    const row = await findPolicyRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };

  app.get(
    ORIGIN_POLICY_API.policies,
    {
      schema: {
        tags,
        security,
        summary: "A group's origin policies, a page at a time",
        querystring: originPolicyListQuerySchema,
        response: { 200: originPolicyListSchema, ...errors },
      },
    },
    async (request) => {
      await assertListedGroup(app.store.db, request.query.groupName);
      await access(request, request.query.groupName, 'read');
      const { rows, total } = await listPolicyRows(app.store.db, request.query);
      return { items: await toPolicies(app.store.db, rows), total };
    },
  );

  app.get(
    ORIGIN_POLICY_API.policy,
    {
      schema: {
        tags,
        security,
        summary: 'One origin policy',
        params: idParamsSchema,
        response: { 200: originPolicySchema, ...errors },
      },
    },
    async (request) => {
      const [policy] = await toPolicies(app.store.db, [await loadRow(request, request.params.id, 'read')]);
      return policy;
    },
  );

  app.post(
    ORIGIN_POLICY_API.policies,
    {
      schema: {
        tags,
        security,
        summary: 'Create an origin policy',
        body: createOriginPolicySchema,
        response: { 201: originPolicySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { groupName, ...input } = request.body;
      await access(request, groupName, 'write');
      await app.originGuard.assertUsable(input.origins, 'origins');
      return reply.status(201).send(await createPolicy(await context(request), groupName, input));
    },
  );

  app.put(
    ORIGIN_POLICY_API.policy,
    {
      schema: {
        tags,
        security,
        summary: 'Save an origin policy over the version read',
        params: idParamsSchema,
        body: updateOriginPolicySchema,
        response: { 200: originPolicySchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'write');
      await app.originGuard.assertUsable(request.body.origins, 'origins');
      return updatePolicy(await context(request), row, request.body);
    },
  );

  app.delete(
    ORIGIN_POLICY_API.policy,
    {
      schema: {
        tags,
        security,
        summary: 'Delete an origin policy no line uses',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deletePolicy(await context(request), await loadRow(request, request.params.id, 'write'));
      return { ok: true as const };
    },
  );
};
