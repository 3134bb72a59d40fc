import {
  BASIC_PLAN_WAF_ACTIONS,
  BLOCK_PERIOD_MAX_BASIC,
  BLOCK_PERIOD_MAX_EXTENDED,
  DEFAULT_PLAN,
} from './constants.js';

/**
 * Plans are data (ARCHITECTURE §5): what a group may do and how much of it. The numbers are
 * ours (the specification leaves quota values open); spec §9 fixes basic's WAF actions.
 */
export const PLAN_NAMES = ['basic', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** WAF action codes with their names (ARCHITECTURE §6). */
export const WAF_ACTIONS = {
  '00': 'allow',
  '01': 'deny',
  '03': 'gesture',
  '04': 'log',
  '05': 'speed',
  '06': 'redirect',
  '07': 'cookie',
  '08': 'period',
  '09': 'requestHeaders',
  '10': 'responseHeaders',
  '11': 'logOnly',
  '12': 'customPage',
  '13': 'originPolicy',
  '14': 'smartCaptcha',
} as const;
export type WafActionCode = keyof typeof WAF_ACTIONS;

export const RESOURCE_LIMIT_KEYS = [
  'maxAppProfileCount',
  'maxServerNameInAppProfileCount',
  'maxWafRuleCount',
  'maxHtmlPageCount',
  'maxCertCount',
  'maxOriginPolicyCount',
  'logRetentionDays',
  'blockPeriodMax',
] as const;
export type ResourceLimitKey = (typeof RESOURCE_LIMIT_KEYS)[number];
/** The limits that count created things (the others are bounds on values). */
export const COUNTED_LIMITS = [
  'maxAppProfileCount',
  'maxWafRuleCount',
  'maxHtmlPageCount',
  'maxCertCount',
  'maxOriginPolicyCount',
] as const satisfies readonly ResourceLimitKey[];
export type CountedLimit = (typeof COUNTED_LIMITS)[number];

export interface PlanSpec {
  planName: PlanName;
  dnsPodPlan: string;
  wafActions: readonly WafActionCode[];
  features: readonly string[];
  resourceLimits: Record<ResourceLimitKey, number>;
  /** Customer packages a line of this plan may use. */
  packages: readonly string[];
}

// Sorted: Object.keys lists integer-like keys (10-14) before the others (00-09).
const ALL_ACTIONS = (Object.keys(WAF_ACTIONS) as WafActionCode[]).sort();

export const PLANS: Record<PlanName, PlanSpec> = {
  basic: {
    planName: 'basic',
    dnsPodPlan: 'DP_Free',
    wafActions: BASIC_PLAN_WAF_ACTIONS,
    features: ['cdn', 'waf', 'customPages'],
    resourceLimits: {
      maxAppProfileCount: 5,
      maxServerNameInAppProfileCount: 10,
      maxWafRuleCount: 20,
      maxHtmlPageCount: 10,
      maxCertCount: 20,
      maxOriginPolicyCount: 10,
      logRetentionDays: 7,
      blockPeriodMax: BLOCK_PERIOD_MAX_BASIC,
    },
    packages: ['standard'],
  },
  pro: {
    planName: 'pro',
    dnsPodPlan: 'DP_Plus',
    wafActions: ['00', '01', '04', '05', '06', '08', '09', '10', '11', '12', '13'],
    features: ['cdn', 'waf', 'customPages', 'rateLimiting', 'headerRules', 'originPolicies'],
    resourceLimits: {
      maxAppProfileCount: 50,
      maxServerNameInAppProfileCount: 50,
      maxWafRuleCount: 200,
      maxHtmlPageCount: 50,
      maxCertCount: 200,
      maxOriginPolicyCount: 50,
      logRetentionDays: 30,
      blockPeriodMax: BLOCK_PERIOD_MAX_EXTENDED,
    },
    packages: ['standard', 'performance'],
  },
  enterprise: {
    planName: 'enterprise',
    dnsPodPlan: 'DP_Enterprise',
    wafActions: ALL_ACTIONS,
    features: [
      'cdn',
      'waf',
      'customPages',
      'rateLimiting',
      'headerRules',
      'originPolicies',
      'botChallenges',
      'dedicatedSupport',
    ],
    resourceLimits: {
      maxAppProfileCount: 500,
      maxServerNameInAppProfileCount: 500,
      maxWafRuleCount: 2000,
      maxHtmlPageCount: 500,
      maxCertCount: 2000,
      maxOriginPolicyCount: 500,
      logRetentionDays: 90,
      blockPeriodMax: BLOCK_PERIOD_MAX_EXTENDED,
    },
    packages: ['standard', 'performance', 'global'],
  },
};

export const planOf = (name: string): PlanSpec =>
  PLANS[(PLAN_NAMES as readonly string[]).includes(name) ? (name as PlanName) : (DEFAULT_PLAN as PlanName)];

const DAY_MS = 24 * 60 * 60_000;

/**
 * The oldest instant a group keeps events from at `now`, by its plan's `logRetentionDays`: ingest
 * refuses older records, the purge removes them, and the console's time range offers nothing
 * earlier (docs/dashboard.md).
 */
export const eventsKeptFrom = (logRetentionDays: number, now: number): number => now - logRetentionDays * DAY_MS;

/** The group every fresh install has, holding the first admin. */
export const DEFAULT_GROUP = 'default';
