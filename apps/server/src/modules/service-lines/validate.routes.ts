import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICE_LINE_API,
  documentExistAnswerSchema,
  documentExistQuerySchema,
  errorBodySchema,
  ipValidateAnswerSchema,
  ipValidateSchema,
  checkNetwork,
  isIP,
  isOriginAddress,
} from '@parapet/shared';
import { findWafRuleByName } from '../waf-rules/waf-rules.repository.js';
import { domainOwners, findLineByName } from './service-lines.repository.js';

const tags = ['service lines'];
const security = [{ session: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The form's checks as it is filled in (spec §7 /validate calls); the save checks again. */
export const validateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    SERVICE_LINE_API.ipValidate,
    {
      schema: {
        tags,
        security,
        summary: 'Is a value a valid origin address or IP',
        body: ipValidateSchema,
        response: { 200: ipValidateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { topic, val } = request.body;
      const value = val.trim();
      // The same check as a rule's IP lists: one address or CIDR, IPv4 or IPv6.
      if (topic === 'network') return { success: checkNetwork(value) === null };
      if (topic !== 'origin') return { success: isIP(value) !== 0 };
      if (!isOriginAddress(value)) return { success: false, code: 'invalid_origin_address' as const };
      // The same rule as a save: a private address would only be refused there.
      const problem = await app.originGuard.problemOf(value);
      return problem ? { success: false, code: problem } : { success: true };
    },
  );

  app.get(
    SERVICE_LINE_API.documentExist,
    {
      schema: {
        tags,
        security,
        summary: 'Is a line or firewall rule name taken in the group, or a domain taken by any line',
        querystring: documentExistQuerySchema,
        response: { 200: documentExistAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { topic, fieldVal, groupName } = request.query;
      if (topic === 'wafRuleName') {
        await app.assertGroupAccess(request, groupName, { permission: 'firewallRules', access: 'read' });
        return { exist: (await findWafRuleByName(app.store.db, groupName, fieldVal)) !== undefined };
      }
      await app.assertGroupAccess(request, groupName, { permission: 'serviceLines', access: 'read' });
      if (topic === 'appProfileName')
        return { exist: (await findLineByName(app.store.db, groupName, fieldVal)) !== undefined };
      // A domain is unique across all groups; the answer says only whether it is free.
      const owners = await domainOwners(app.store.db, [fieldVal.toLowerCase()]);
      return { exist: owners.size > 0 };
    },
  );
};
