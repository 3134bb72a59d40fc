import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WAF_IMPORT_BODY_LIMIT_BYTES,
  WAF_RULE_API,
  evaluateWafRulesSchema,
  importWafRulesAnswerSchema,
  importWafRulesSchema,
  wafEvaluationSchema,
  wafRulesExportQuerySchema,
  wafRulesFileSchema,
  type AccessKind,
} from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { itemRouteErrors, sessionSecurity } from '../../core/item-routes.js';
import { evaluateForGroup } from './evaluate.service.js';
import { exportWafRules, importWafRules } from './import.service.js';

const errors = itemRouteErrors;
const tags = ['firewall rules'];
const security = sessionSecurity;

/** A file name that is safe in a header whatever the group is called. */
const exportFileName = (groupName: string) => `waf-rules-${groupName.replace(/[^\w.-]/g, '_')}.json`;

/** The rule tester, and a group's rules to and from a JSON file. */
export const wafRuleToolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  /** The group must be one (not "all", not missing), and the caller's to read or change. */
  const access = async (request: FastifyRequest, groupName: string, kind: AccessKind) => {
    await assertListedGroup(app.store.db, groupName);
    await app.assertGroupAccess(request, groupName, { permission: 'firewallRules', access: kind });
  };

  app.post(
    WAF_RULE_API.evaluate,
    {
      schema: {
        tags,
        security,
        summary: "Try a request against a line's rules, a list of rules, or a rule being edited",
        body: evaluateWafRulesSchema,
        response: { 200: wafEvaluationSchema, ...errors },
      },
    },
    async (request) => {
      await access(request, request.body.groupName, 'read');
      return evaluateForGroup(app.store.db, request.body);
    },
  );

  app.get(
    WAF_RULE_API.exportRules,
    {
      schema: {
        tags,
        security,
        summary: "Download a group's rules as a file import takes back",
        querystring: wafRulesExportQuerySchema,
        response: { 200: wafRulesFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { groupName } = request.query;
      await access(request, groupName, 'read');
      const file = await exportWafRules(app.store.db, groupName);
      return reply.header('content-disposition', `attachment; filename="${exportFileName(groupName)}"`).send(file);
    },
  );

  app.post(
    WAF_RULE_API.importRules,
    {
      bodyLimit: WAF_IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags,
        security,
        summary: 'Import a file of rules into a group, all or nothing, every problem reported under its rule',
        body: importWafRulesSchema,
        response: { 200: importWafRulesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await access(request, request.body.groupName, 'write');
      return importWafRules(app.store.db, (await request.actor()).username, request.body);
    },
  );
};
