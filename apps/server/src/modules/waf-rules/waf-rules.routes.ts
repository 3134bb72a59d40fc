import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WAF_RULE_API,
  createWafRuleSchema,
  updateWafRuleSchema,
  wafRuleListQuerySchema,
  wafRuleListSchema,
  wafRuleSchema,
} from '@parapet/shared';
import { registerItemRoutes } from '../../core/item-routes.js';
import { findWafRuleRow } from './waf-rules.repository.js';
import { createWafRule, deleteWafRule, listWafRules, toWafRules, updateWafRule } from './waf-rules.service.js';

/** Firewall rules of a group: conditions on a request and what to do with it. */
export const wafRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  registerItemRoutes(app, {
    permission: 'firewallRules',
    tag: 'firewall rules',
    paths: { list: WAF_RULE_API.rules, one: WAF_RULE_API.rule },
    schemas: {
      listQuery: wafRuleListQuerySchema,
      list: wafRuleListSchema,
      item: wafRuleSchema,
      create: createWafRuleSchema,
      update: updateWafRuleSchema,
    },
    summaries: {
      list: "A group's firewall rules, a page at a time",
      one: 'One firewall rule',
      create: 'Create a firewall rule',
      update: 'Save a firewall rule over the version read (its name is kept)',
      remove: 'Delete a firewall rule no line uses',
    },
    findRow: findWafRuleRow,
    list: listWafRules,
    toOne: async (db, row) => (await toWafRules(db, [row]))[0],
    create: createWafRule,
    update: updateWafRule,
    remove: deleteWafRule,
  });
};
