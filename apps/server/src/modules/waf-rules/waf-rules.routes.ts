import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WAF_RULE_API,
  createWafRuleSchema,
  errorBodySchema,
  idParamsSchema,
  okSchema,
  updateWafRuleSchema,
  wafRuleListQuerySchema,
  wafRuleListSchema,
  wafRuleSchema,
  type AccessKind,
} from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { AppError } from '../../lib/app-error.js';
import { findWafRuleRow } from './waf-rules.repository.js';
import {
  createWafRule,
  deleteWafRule,
  listWafRules,
  toWafRules,
  updateWafRule,
  type WafRuleContext,
} from './waf-rules.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['firewall rules'];
const security = [{ session: [] }];

/** Firewall rules of a group: conditions on a request and what to do with it. */
export const wafRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const access = (request: FastifyRequest, groupName: string, kind: AccessKind) =>
    app.assertGroupAccess(request, groupName, { permission: 'firewallRules', access: kind });
  const context = async (request: FastifyRequest): Promise<WafRuleContext> => ({
    db: app.store.db,
    actor: (await request.actor()).username,
  });
  /** A rule of a group the caller cannot see answers 404, like one that does not exist. */
  const loadRow = async (request: FastifyRequest, id: string, kind: AccessKind) => {
    const row = await findWafRuleRow(app.store.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    await access(request, row.group_name, kind);
    return row;
  };

  app.get(
    WAF_RULE_API.rules,
    {
      schema: {
        tags,
        security,
        summary: "A group's firewall rules, a page at a time",
        querystring: wafRuleListQuerySchema,
        response: { 200: wafRuleListSchema, ...errors },
      },
    },
    async (request) => {
      await assertListedGroup(app.store.db, request.query.groupName);
      await access(request, request.query.groupName, 'read');
      return listWafRules(app.store.db, request.query);
    },
  );

  app.get(
    WAF_RULE_API.rule,
    {
      schema: {
        tags,
        security,
        summary: 'One firewall rule',
        params: idParamsSchema,
        response: { 200: wafRuleSchema, ...errors },
      },
    },
    async (request) => {
      const [rule] = await toWafRules(app.store.db, [await loadRow(request, request.params.id, 'read')]);
      return rule;
    },
  );

  app.post(
    WAF_RULE_API.rules,
    {
      schema: {
        tags,
        security,
        summary: 'Create a firewall rule',
        body: createWafRuleSchema,
        response: { 201: wafRuleSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access(request, request.body.groupName, 'write');
      return reply.status(201).send(await createWafRule(await context(request), request.body));
    },
  );

  app.put(
    WAF_RULE_API.rule,
    {
      schema: {
        tags,
        security,
        summary: 'Save a firewall rule over the version read (its name is kept)',
        params: idParamsSchema,
        body: updateWafRuleSchema,
        response: { 200: wafRuleSchema, ...errors },
      },
    },
    async (request) => {
      const row = await loadRow(request, request.params.id, 'write');
      return updateWafRule(await context(request), row, request.body);
    },
  );

  app.delete(
    WAF_RULE_API.rule,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a firewall rule no line uses',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deleteWafRule(await context(request), await loadRow(request, request.params.id, 'write'));
      return { ok: true as const };
    },
  );
};
