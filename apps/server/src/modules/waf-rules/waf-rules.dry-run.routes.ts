import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WAF_RULE_API, wafDryRunAnswerSchema, wafDryRunSchema } from '@parapet/shared';
import { assertListedGroup } from '../../core/group-scope.js';
import { itemRouteErrors, sessionSecurity } from '../../core/item-routes.js';
import { dryRunRule } from './dry-run.service.js';
import { assertRuleInPlan } from './waf-rules.service.js';

/** POST /api/waf-rules/dry-run: how many of the group's recent requests a rule being written would match. */
export const wafRuleDryRunRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    WAF_RULE_API.dryRun,
    {
      schema: {
        tags: ['firewall rules'],
        security: sessionSecurity,
        summary: "Count the group's requests of the last 24 hours a rule being written would have matched",
        body: wafDryRunSchema,
        response: { 200: wafDryRunAnswerSchema, ...itemRouteErrors },
      },
    },
    async (request) => {
      const { groupName } = request.body;
      await assertListedGroup(app.store.db, groupName);
      await app.assertGroupAccess(request, groupName, { permission: 'firewallRules', access: 'read' });
      // No count for a rule the user could not save.
      await assertRuleInPlan(app.store.db, groupName, request.body.rule, 'rule.');
      return dryRunRule(await app.events.get(), request.body);
    },
  );
};
