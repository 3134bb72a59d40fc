import { z } from 'zod';
import { text } from './text.js';
import { itemListQuerySchema } from './paging.js';
import { entityStatusSchema } from './deploy.js';
import { DEFAULT_HTML_PAGE_NAME } from './html-pages.js';
import { REDIRECT_HTTP_CODES } from './service-lines.js';
import {
  BLOCK_PERIOD_DEFAULT,
  BLOCK_PERIOD_MAX_EXTENDED,
  BLOCK_PERIOD_MIN,
  REDIRECT_HTTP_CODE_DEFAULT,
  SPEED_LIMIT_DEFAULT,
  SPEED_LIMIT_MAX,
  SPEED_LIMIT_MIN,
} from '../constants.js';
import type { PlanSpec } from '../plans.js';
import {
  WAF_ACTION_CODES,
  WAF_ACTION_DEFAULT,
  WAF_CONDITION_FIELDS,
  WAF_HTTP_METHODS,
  WAF_OWASP_CATEGORIES,
  WAF_PROXY_TYPES,
} from '../waf/vocabulary.js';
import { WAF_LIST_MAX_ENTRIES, checkRate, checkRedirectUrl, listProblems, type WafLineField } from '../waf/formats.js';

/** Firewall rules (spec §3 Firewall (WAF) rule, §5; GLOSSARY §5; ARCHITECTURE §6). */

export const WAF_RULE_NAME_MAX_LENGTH = 35;
/** Lower-case letters, digits and underscore (GLOSSARY §5.1). */
export const WAF_RULE_NAME_PATTERN = /^[a-z0-9_]+$/;
export const WAF_DESCRIPTION_MAX_LENGTH = 500;
/** What a new rule's source IP holds: every address, IPv4 and IPv6 (docs/waf-rules.md). */
export const WAF_IP_DEFAULT = ['0.0.0.0/0', '::/0'] as const;
/** A bucketed client refused before TLS after this many attempts by default. */
export const WAF_PRE_SSL_DENY_THRESHOLD_DEFAULT = 1;
export const WAF_PRE_SSL_DENY_THRESHOLD_MAX = 100_000;
export const WAF_DENY_THEN_BUCKET_RATE_DEFAULT = '1/1';
/** How many rules one import may carry (the largest plan's quota). */
export const WAF_IMPORT_MAX_RULES = 2000;
/** The largest import body: that many rules outgrow the API's usual JSON limit. */
export const WAF_IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** The `format` an export file carries, and its version. */
export const WAF_EXPORT_FORMAT = 'parapet.waf-rules';
export const WAF_EXPORT_VERSION = 1;

export const wafRuleNameSchema = text().trim().min(1).max(WAF_RULE_NAME_MAX_LENGTH).regex(WAF_RULE_NAME_PATTERN);

/** A list field: one string an entry, each line checked by its format (formats.ts), duplicates flagged. */
function lineList(field: WafLineField) {
  return z
    .array(text().trim())
    .max(WAF_LIST_MAX_ENTRIES)
    .superRefine((values, ctx) => {
      for (const { index, code } of listProblems(field, values))
        ctx.addIssue({ code: 'custom', path: [index], message: code });
    });
}

const pageName = text().trim().max(64);

/** Every field of a rule but its name, with the defaults of GLOSSARY §5; checked across fields by `withRuleChecks`. */
export const wafRuleSettingsSchema = z.object({
  description: text().max(WAF_DESCRIPTION_MAX_LENGTH).default(''),
  wafAction: z.enum(WAF_ACTION_CODES).default(WAF_ACTION_DEFAULT),

  wafRedirectHttpCode: z
    .union(REDIRECT_HTTP_CODES.map((n) => z.literal(n)) as [z.ZodLiteral<301>, z.ZodLiteral<302>, z.ZodLiteral<307>])
    .default(REDIRECT_HTTP_CODE_DEFAULT as 302),
  wafRedirectUrl: text().trim().default(''),
  wafCustomHtmlPageName: pageName.default(''),
  wafDenyHtmlPageName: pageName.default(DEFAULT_HTML_PAGE_NAME),
  /** Block period in seconds; the plan bounds it further (basic 3600). */
  wafBucketTime: z.number().int().min(BLOCK_PERIOD_MIN).max(BLOCK_PERIOD_MAX_EXTENDED).default(BLOCK_PERIOD_DEFAULT),
  wafBucketPreSslDeny: z.boolean().default(false),
  wafBucketPreSslDenyThreshold: z
    .number()
    .int()
    .min(1)
    .max(WAF_PRE_SSL_DENY_THRESHOLD_MAX)
    .default(WAF_PRE_SSL_DENY_THRESHOLD_DEFAULT),
  wafIsGlobalBucketRecord: z.boolean().default(false),
  wafWithL3BucketList: z.boolean().default(false),
  /** KB/s. */
  wafSpeedLimit: z.number().int().min(SPEED_LIMIT_MIN).max(SPEED_LIMIT_MAX).default(SPEED_LIMIT_DEFAULT),
  wafSetReqHeaders: lineList('wafSetReqHeaders').default([]),
  wafSetResHeaders: lineList('wafSetResHeaders').default([]),
  wafIsDenyThenBucket: z.boolean().default(false),
  wafDenyThenBucketRate: text().trim().default(WAF_DENY_THEN_BUCKET_RATE_DEFAULT),
  wafOriginPolicyName: text().trim().max(64).default(''),

  wafIp: lineList('wafIp').default([...WAF_IP_DEFAULT]),
  wafUri: lineList('wafUri').default([]),
  wafCountry: lineList('wafCountry').default([]),
  /** Match every country except those listed (the "all except" switch). */
  wafCountryInvert: z.boolean().default(false),
  wafIsp: lineList('wafIsp').default([]),
  wafHeaders: lineList('wafHeaders').default([]),
  /** `requests/seconds`; empty when the rule has no rate condition. */
  wafRate: text().trim().default(''),
  wafHttpMethod: z.array(z.enum(WAF_HTTP_METHODS)).max(WAF_HTTP_METHODS.length).default([]),
  wafOwasp: z.array(z.enum(WAF_OWASP_CATEGORIES)).max(WAF_OWASP_CATEGORIES.length).default([]),
  wafProxyType: z.array(z.enum(WAF_PROXY_TYPES)).max(WAF_PROXY_TYPES.length).default([]),

  wafIpExclude: lineList('wafIpExclude').default([]),
  wafUriExclude: lineList('wafUriExclude').default([]),
  wafHeadersExclude: lineList('wafHeadersExclude').default([]),
  wafHeadersNotExist: lineList('wafHeadersNotExist').default([]),
});
export type WafRuleSettings = z.infer<typeof wafRuleSettingsSchema>;

/** Whether a condition field is set (a list with entries, a rate written). */
export function conditionIsSet(rule: WafRuleSettings, field: (typeof WAF_CONDITION_FIELDS)[number]): boolean {
  const value = rule[field];
  return typeof value === 'string' ? value !== '' : value.length > 0;
}

/**
 * The checks across fields, reported all at once: at least one condition (`conditions`), a
 * country list when "all except" is on, the rate's format, and what the chosen action needs
 * (its page, URL, headers or policy).
 */
export function ruleProblems(rule: WafRuleSettings): Array<{ path: string[]; code: string }> {
  const out: Array<{ path: string[]; code: string }> = [];
  if (!WAF_CONDITION_FIELDS.some((field) => conditionIsSet(rule, field)))
    out.push({ path: ['conditions'], code: 'condition_required' });
  if (rule.wafCountryInvert && rule.wafCountry.length === 0) out.push({ path: ['wafCountry'], code: 'required' });
  if (rule.wafRate !== '' && checkRate(rule.wafRate)) out.push({ path: ['wafRate'], code: 'invalid_rate' });
  const required = (field: keyof WafRuleSettings) => out.push({ path: [field], code: 'required' });
  switch (rule.wafAction) {
    case '01':
      if (rule.wafDenyHtmlPageName === '') required('wafDenyHtmlPageName');
      if (rule.wafIsDenyThenBucket && checkRate(rule.wafDenyThenBucketRate))
        out.push({ path: ['wafDenyThenBucketRate'], code: 'invalid_rate' });
      break;
    case '06': {
      const code = rule.wafRedirectUrl === '' ? 'required' : checkRedirectUrl(rule.wafRedirectUrl);
      if (code) out.push({ path: ['wafRedirectUrl'], code });
      break;
    }
    case '08':
      // A block period starts once the client is over the rule's rate.
      if (rule.wafRate === '') required('wafRate');
      if (rule.wafDenyHtmlPageName === '') required('wafDenyHtmlPageName');
      break;
    case '09':
      if (rule.wafSetReqHeaders.length === 0) required('wafSetReqHeaders');
      break;
    case '10':
      if (rule.wafSetResHeaders.length === 0) required('wafSetResHeaders');
      break;
    case '12':
      if (rule.wafCustomHtmlPageName === '') required('wafCustomHtmlPageName');
      break;
    case '13':
      if (rule.wafOriginPolicyName === '') required('wafOriginPolicyName');
      break;
    default:
      break;
  }
  return out;
}

/**
 * What a group's plan refuses of a rule: an action it does not offer, a block period over its
 * bound. The form disables the same; the server refuses with these codes.
 */
export function planProblems(
  rule: Pick<WafRuleSettings, 'wafAction' | 'wafBucketTime'>,
  plan: Pick<PlanSpec, 'wafActions' | 'resourceLimits'>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!plan.wafActions.includes(rule.wafAction)) out['wafAction'] = 'action_not_in_plan';
  if (rule.wafBucketTime > plan.resourceLimits.blockPeriodMax) out['wafBucketTime'] = 'too_big';
  return out;
}

/** A rule schema with the checks across fields of `ruleProblems`, each reported at its path. */
export function withRuleChecks<T extends z.ZodType<WafRuleSettings>>(schema: T): T {
  return schema.superRefine((rule, ctx) => {
    for (const { path, code } of ruleProblems(rule)) ctx.addIssue({ code: 'custom', path, message: code });
  }) as unknown as T;
}

/** A rule as written: its name and every setting (the form, the import file). */
export const wafRuleInputSchema = withRuleChecks(wafRuleSettingsSchema.extend({ ruleName: wafRuleNameSchema })).meta({
  id: 'WafRuleDraft',
});
export type WafRuleInput = z.infer<typeof wafRuleInputSchema>;

export const createWafRuleSchema = withRuleChecks(
  wafRuleSettingsSchema.extend({ ruleName: wafRuleNameSchema, groupName: text().min(1).max(64) }),
).meta({ id: 'CreateWafRule' });
export type CreateWafRule = z.infer<typeof createWafRuleSchema>;

/** The name is chosen at create only (GLOSSARY §5.1); a save sends every other field and the version read. */
export const updateWafRuleSchema = withRuleChecks(wafRuleSettingsSchema.extend({ version: z.number().int() })).meta({
  id: 'UpdateWafRule',
});
export type UpdateWafRule = z.infer<typeof updateWafRuleSchema>;

export const wafRuleSchema = wafRuleSettingsSchema
  .extend({
    id: text(),
    groupName: text(),
    ruleName: text(),
    status: entityStatusSchema,
    lastError: text().nullable().describe('why the last deployment failed, while the previous version stays live'),
    /** The service lines whose rule lists hold it. */
    usedBy: z.array(text()),
    usageCount: z.number().int(),
    createdBy: text(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'WafRule' });
export type WafRule = z.infer<typeof wafRuleSchema>;

export const wafRuleListQuerySchema = itemListQuerySchema.extend({
  /** With a search: look in every condition and exclusion too, not only the name. */
  deepSearch: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  wafAction: z.enum(WAF_ACTION_CODES).optional(),
});
export type WafRuleListQuery = z.infer<typeof wafRuleListQuerySchema>;
export const wafRuleListSchema = z
  .object({ items: z.array(wafRuleSchema), total: z.number().int() })
  .meta({ id: 'WafRuleList' });

/** The rules of a group as a file: what export gives and import takes. */
export const wafRulesFileSchema = z
  .object({
    format: z.literal(WAF_EXPORT_FORMAT),
    version: z.literal(WAF_EXPORT_VERSION),
    groupName: text().max(64).optional(),
    exportedAt: z.number().optional(),
    rules: z.array(wafRuleInputSchema).max(WAF_IMPORT_MAX_RULES),
  })
  .meta({ id: 'WafRulesFile' });
export type WafRulesFile = z.infer<typeof wafRulesFileSchema>;

export const wafRulesExportQuerySchema = z.object({ groupName: text().min(1).max(64) });

/**
 * Import into a group. The whole file is checked first; any problem (a bad field, a name the
 * group has or the file repeats, more rules than the plan leaves room for, an action the plan
 * lacks) is reported per rule under `rules.<index>.<field>` and nothing changes. With
 * `overwrite`, a rule whose name exists replaces that rule instead of being a conflict.
 */
export const importWafRulesSchema = z
  .object({
    groupName: text().min(1).max(64),
    overwrite: z.boolean().default(false),
    file: wafRulesFileSchema,
  })
  .meta({ id: 'ImportWafRules' });
export type ImportWafRules = z.infer<typeof importWafRulesSchema>;
export const importWafRulesAnswerSchema = z
  .object({ created: z.number().int(), updated: z.number().int(), taskNos: z.array(text()) })
  .meta({ id: 'ImportWafRulesAnswer' });
export type ImportWafRulesAnswer = z.infer<typeof importWafRulesAnswerSchema>;

/** Paths of the firewall-rule calls, under API_PREFIX (issue: a contract). */
export const WAF_RULE_API = {
  rules: '/waf-rules',
  rule: '/waf-rules/:id',
  evaluate: '/waf-rules/evaluate',
  exportRules: '/waf-rules/export',
  importRules: '/waf-rules/import',
  dryRun: '/waf-rules/dry-run',
} as const;
