import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PLAN,
  ENTITY_PERMISSION,
  GROUP_API,
  PLANS,
  auditListSchema,
  auditQuerySchema,
  errorBodySchema,
  groupQuerySchema,
  planNameSchema,
  planOf,
  platformPlanSchema,
  platformPrefsSchema,
  resourceLimitsAnswerSchema,
  type DeployEntity,
  type PlanSpec,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { listAudit } from '../audit/audit.repository.js';
import { findGroup } from '../groups/groups.repository.js';
import { groupUsage } from './usage.js';

/** Plans are frozen data; answers carry copies. */
const toWire = (p: PlanSpec) => ({
  ...p,
  wafActions: [...p.wafActions],
  features: [...p.features],
  packages: [...p.packages],
});

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['tenancy'];
const security = [{ session: [] }];

/** What a group's plan allows and uses, the console's landing settings, and the audit log. */
export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const groupOf = async (name: string) => {
    const group = await findGroup(app.store.db, name);
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  };

  app.get(
    GROUP_API.resourceLimits,
    {
      schema: {
        tags,
        security,
        summary: "A group's plan limits beside its current usage",
        querystring: groupQuerySchema,
        response: { 200: resourceLimitsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await app.assertGroupAccess(request, request.query.groupName, 'member');
      const group = await groupOf(request.query.groupName);
      return {
        groupName: group.name,
        plan: toWire(planOf(group.plan)),
        usage: await groupUsage(app.store.db, group.name),
      };
    },
  );

  app.get(
    GROUP_API.platformPlan,
    {
      schema: {
        tags,
        security,
        summary: 'Every plan, and the current one of a group',
        querystring: z.object({ groupName: z.string().min(1).max(64).optional() }),
        response: { 200: platformPlanSchema, ...errors },
      },
    },
    async (request) => {
      let currentPlan = planNameSchema.parse(DEFAULT_PLAN);
      if (request.query.groupName) {
        await app.assertGroupAccess(request, request.query.groupName, 'member');
        currentPlan = (await groupOf(request.query.groupName)).plan;
      }
      return { currentPlan, planSpec: Object.values(PLANS).map(toWire) };
    },
  );

  app.get(
    GROUP_API.platformPrefs,
    {
      schema: {
        tags,
        security,
        summary: 'Landing page and group list settings',
        response: { 200: platformPrefsSchema, ...errors },
      },
    },
    async () => app.config.prefs,
  );

  app.get(
    GROUP_API.audit,
    {
      schema: {
        tags,
        security,
        summary: "An entity's change history (admins, or members of its group)",
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await request.actor();
      if (user.privilege !== 'admin') {
        // Members read their group's history of what their role lets them read (the entries hold
        // whole items: origin addresses, domains…); accounts, groups and unknown kinds are the admins'.
        const { entity, groupName } = request.query;
        const permission = Object.hasOwn(ENTITY_PERMISSION, entity)
          ? ENTITY_PERMISSION[entity as DeployEntity]
          : undefined;
        if (!groupName || !permission) throw new AppError('FORBIDDEN');
        await app.assertGroupAccess(request, groupName, { permission, access: 'read' });
      }
      return { items: await listAudit(app.store.db, request.query) };
    },
  );
};
