import { PLAN_NAMES, PLANS, WAF_ACTIONS, type PlanName, type WafActionCode } from '../plans.js';

/**
 * The words of a firewall rule (spec §3 Firewall rule; ARCHITECTURE §6; GLOSSARY §5): its action
 * codes and what each uses, the fields that are conditions and exclusions, and the vocabularies
 * of the fields that pick from a list.
 */

// Sorted: Object.keys lists integer-like keys ('10'…'14') before '00'…'09', and pickers list these in order.
export const WAF_ACTION_CODES = (Object.keys(WAF_ACTIONS) as WafActionCode[]).sort() as [
  WafActionCode,
  ...WafActionCode[],
];
export const WAF_ACTION_DEFAULT: WafActionCode = '00';

/** OWASP categories the edge's CRS can flag (ARCHITECTURE §6). */
export const WAF_OWASP_CATEGORIES = [
  '20000_http_violation',
  '21000_http_anomaly',
  '35000_user_agent',
  '40000_generic_attack',
  '41000_sqli',
  '42000_xss',
] as const;
export type WafOwaspCategory = (typeof WAF_OWASP_CATEGORIES)[number];

/** Proxy types of the proxy database: VPN, Tor, data centre, public proxy, web proxy, search-engine crawler. */
export const WAF_PROXY_TYPES = ['vpn', 'tor', 'dch', 'pub', 'web', 'ces'] as const;
export type WafProxyType = (typeof WAF_PROXY_TYPES)[number];

export const WAF_HTTP_METHODS = ['GET', 'POST', 'PURGE', 'PUT', 'HEAD', 'OPTIONS', 'DELETE', 'PATCH'] as const;
export type WafHttpMethod = (typeof WAF_HTTP_METHODS)[number];

/** The fields that decide whether a rule matches; every one that is set must hold (AND). */
export const WAF_CONDITION_FIELDS = [
  'wafIp',
  'wafUri',
  'wafCountry',
  'wafIsp',
  'wafHeaders',
  'wafRate',
  'wafHttpMethod',
  'wafOwasp',
  'wafProxyType',
] as const;
export type WafConditionField = (typeof WAF_CONDITION_FIELDS)[number];

/** The fields that spare a request a rule would otherwise match. */
export const WAF_EXCLUSION_FIELDS = [
  'wafIpExclude',
  'wafUriExclude',
  'wafHeadersExclude',
  'wafHeadersNotExist',
] as const;
export type WafExclusionField = (typeof WAF_EXCLUSION_FIELDS)[number];

/**
 * Conditions on facts only the edge knows for sure (the country and ISP from its databases, the
 * proxy type, the client's request rate, what CRS flagged). The tester judges them from the
 * values typed into it and says so.
 */
export const WAF_EDGE_JUDGED_CONDITIONS = [
  'wafCountry',
  'wafIsp',
  'wafProxyType',
  'wafRate',
  'wafOwasp',
] as const satisfies readonly WafConditionField[];

/** The fields each action uses beyond the conditions (ARCHITECTURE §6 table); shown only for it. */
export const WAF_ACTION_FIELDS = {
  '00': [],
  '01': ['wafDenyHtmlPageName', 'wafIsDenyThenBucket', 'wafDenyThenBucketRate'],
  '03': [],
  '04': [],
  '05': ['wafSpeedLimit'],
  '06': ['wafRedirectHttpCode', 'wafRedirectUrl'],
  '07': [],
  '08': [
    'wafBucketTime',
    'wafDenyHtmlPageName',
    'wafBucketPreSslDeny',
    'wafBucketPreSslDenyThreshold',
    'wafIsGlobalBucketRecord',
    'wafWithL3BucketList',
  ],
  '09': ['wafSetReqHeaders'],
  '10': ['wafSetResHeaders'],
  '11': [],
  '12': ['wafCustomHtmlPageName'],
  '13': ['wafOriginPolicyName'],
  '14': [],
} as const satisfies Record<WafActionCode, readonly string[]>;
export type WafActionField = (typeof WAF_ACTION_FIELDS)[WafActionCode][number];

/**
 * Actions that end evaluation (the first matched one decides what the visitor gets). Log (04)
 * and the header actions (09, 10) are collected and evaluation goes on.
 */
export const WAF_NON_TERMINATING_ACTIONS: readonly WafActionCode[] = ['04', '09', '10'];
export const isTerminatingAction = (code: WafActionCode): boolean => !WAF_NON_TERMINATING_ACTIONS.includes(code);

/** The first plan, from the cheapest up, that offers an action: what the form names beside a disabled one. */
export function planOffering(code: WafActionCode): PlanName {
  return PLAN_NAMES.find((name) => PLANS[name].wafActions.includes(code)) ?? PLAN_NAMES[PLAN_NAMES.length - 1]!;
}

/**
 * Request headers a rule may not set (GLOSSARY §5.1): the edge and the origin rely on them, or
 * they carry the visitor's identity. Compared in lower case.
 */
export const FORBIDDEN_REQUEST_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'true-client-ip',
  'rid',
  'c-type',
  'host',
  'connection',
  'if-modified-since',
  'if-unmodified-since',
  'if-match',
  'if-none-match',
  'user-agent',
  'referer',
  'content-length',
  'content-range',
  'content-type',
  'range',
  'if-range',
  'transfer-encoding',
  'te',
  'expect',
  'upgrade',
  'accept-encoding',
  'via',
  'authorization',
  'keep-alive',
  'x-real-ip',
  'accept',
  'accept-language',
  'depth',
  'destination',
  'overwrite',
  'date',
  'cookie',
] as const;

/** Response headers a rule may not set (GLOSSARY §5.1); `x-accel-` is refused as a prefix. */
export const FORBIDDEN_RESPONSE_HEADERS = [
  'status',
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'content-encoding',
  'date',
  'last-modified',
  'etag',
  'server',
  'www-authenticate',
  'location',
  'refresh',
  'set-cookie',
  'cache-control',
  'expires',
  'accept-ranges',
  'connection',
  'keep-alive',
  'vary',
  'link',
  'transfer-encoding',
] as const;
export const FORBIDDEN_RESPONSE_HEADER_PREFIXES = ['x-accel-'] as const;

export function isForbiddenHeader(direction: 'request' | 'response', name: string): boolean {
  const lower = name.toLowerCase();
  if (direction === 'request') return (FORBIDDEN_REQUEST_HEADERS as readonly string[]).includes(lower);
  return (
    (FORBIDDEN_RESPONSE_HEADERS as readonly string[]).includes(lower) ||
    FORBIDDEN_RESPONSE_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}
