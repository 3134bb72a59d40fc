import { z } from 'zod';
import { text } from './text.js';
import {
  ACCEPT_HTTP_V1_DEFAULT,
  ALLOWED_HTTP_PORTS,
  ALLOWED_HTTPS_PORT_RANGES,
  CACHE_EXP_DEFAULT,
  CACHE_HOTTIME_DEFAULT,
  CACHE_SRVEXP_DEFAULT,
  DEFAULT_HTTP_PORT,
  DEFAULT_HTTPS_PORT,
  DOMAIN_LABEL_MAX_LENGTH,
  DOMAIN_MAX_LENGTH,
  MAX_UPLOAD_SIZE_DEFAULT,
  MAX_UPLOAD_SIZE_MAX,
  MAX_UPLOAD_SIZE_MIN,
  PORT_MAX,
  PORT_MIN,
  PROXY_BUFFER_SIZE_DEFAULT,
  REDIRECT_HTTP_CODE_DEFAULT,
  UPSTREAM_TIMEOUT_DEFAULT,
} from '../constants.js';
import { DEFAULT_HTML_PAGE_NAME } from './html-pages.js';
import { PRIVATE_ORIGIN_FIELD_CODES } from '../origin-address.js';
import {
  ORIGIN_SCHEMES,
  PORT_MAPPING_TYPES,
  REGION_PATTERN,
  originSchema,
  policyNameSchema,
} from './origin-policies.js';

/** Service lines (spec §3 Service line, §5; GLOSSARY §1). */

/** A line's name: `a-z 0-9 - _ .`, at least one dot, none leading, trailing or doubled. */
export const APP_PROFILE_NAME_MAX_LENGTH = 35;
export const APP_PROFILE_NAME_PATTERN = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/;
export const SCHEMES = ['http', 'https'] as const;
export type Scheme = (typeof SCHEMES)[number];
export const REDIRECT_HTTP_CODES = [301, 302, 307] as const;
export const UPSTREAM_TIMEOUTS = [60, 120, 180] as const;
/** Proxy buffer sizes in KB. */
export const PROXY_BUFFER_SIZES = [2, 4, 8, 16, 32, 64] as const;
/** How long browsers (Exp) and the edge (Srvexp) keep a cached object. */
export const CACHE_EXPIRIES = ['1d', '15d', '30d'] as const;
/** Requests before the edge stores an object (like nginx proxy_cache_min_uses). */
export const CACHE_HOTTIMES = [1, 5, 15, 25] as const;
/** The custom-host switch stores strings, as the product always has. */
export const ON_OFF = ['on', 'off'] as const;
/** A domain cap of -1 means the plan's limit alone applies. */
export const UNLIMITED_DOMAINS = -1;
/** Default cached extensions (read-only; GLOSSARY §1.5). */
export const DEFAULT_CACHED_EXTENSIONS = [
  'bmp',
  'class',
  'css',
  'csv',
  'doc',
  'docx',
  'ejs',
  'eot',
  'eps',
  'gif',
  'ico',
  'jar',
  'jpeg',
  'jpg',
  'js',
  'mid',
  'midi',
  'otf',
  'pdf',
  'pict',
  'pls',
  'png',
  'ppt',
  'pptx',
  'ps',
  'svg',
  'svgz',
  'swf',
  'tif',
  'tiff',
  'ttf',
  'webp',
  'woff',
  'woff2',
  'xls',
  'xlsx',
] as const;
export const DEFAULT_NONCACHE_PATH = '/';

/**
 * Field codes of a refused line beyond zod's own (spec §5): each has its translated message
 * under `fieldErrors.<code>`.
 */
export const SERVICE_LINE_FIELD_CODES = [
  'http_port_not_allowed',
  'https_port_not_allowed',
  'https_port_is_http_port',
  'has_space',
  'invalid_domain',
  'subdomain_length_exceeded',
  'length_exceeded',
  'region_exists',
  'needs_https',
  'needs_both_schemes',
  'not_found',
  'last_domain',
] as const;

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/**
 * Why a domain is refused, or undefined when it is valid: a lower-case DNS name of at least
 * two labels, each at most 63 characters, at most 253 in all, optionally `*.` in front.
 */
export function domainProblem(
  domain: string,
): 'invalid_domain' | 'subdomain_length_exceeded' | 'length_exceeded' | undefined {
  if (domain.length > DOMAIN_MAX_LENGTH) return 'length_exceeded';
  const labels = domain.replace(/^\*\./, '').split('.');
  if (labels.some((l) => l.length > DOMAIN_LABEL_MAX_LENGTH)) return 'subdomain_length_exceeded';
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1) ?? ''))
    return 'invalid_domain';
  return undefined;
}

export const isAllowedHttpPort = (port: number): boolean => (ALLOWED_HTTP_PORTS as readonly number[]).includes(port);
export const isAllowedHttpsPort = (port: number): boolean =>
  ALLOWED_HTTPS_PORT_RANGES.some(([from, to]) => port >= from && port <= to);

const portSchema = z.number().int().min(PORT_MIN).max(PORT_MAX);
/** Text of one entry per line (paths, patterns); no line may hold a space (spec §5). */
const linesSchema = text()
  .max(10_000)
  .refine((text) => !/[ \t]/.test(text), { message: 'has_space' })
  .default('');
const expirySchema = z.enum(CACHE_EXPIRIES);
const hottimeSchema = z.union(
  CACHE_HOTTIMES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<15>, z.ZodLiteral<25>],
);

export const appProfileNameSchema = text()
  .trim()
  .min(1)
  .max(APP_PROFILE_NAME_MAX_LENGTH)
  .regex(APP_PROFILE_NAME_PATTERN);
export const domainSchema = text()
  .trim()
  .toLowerCase()
  .min(1)
  .superRefine((domain, ctx) => {
    const problem = domainProblem(domain);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A region → origin-policy row of a line that uses policies. */
export const usedOriginPolicySchema = z.object({
  regionName: z.array(text().regex(REGION_PATTERN)).min(1),
  originPolicyName: policyNameSchema,
});

/** One rule in the line's ordered rule list (choosing and ordering them: the firewall issue). */
export const usedWafRuleSchema = z.object({ value: text().min(1).max(64), isEnabled: z.boolean().default(true) });

/** Every setting of a line, with the spec's defaults; checked across fields by `withLineChecks`. */
export const serviceLineSettingsSchema = z.object({
  description: text().max(500).default(''),
  tags: z.array(text().trim().min(1).max(32)).max(20).default([]),
  servername: z.array(domainSchema).min(1),
  customerPackage: text().min(1).max(64),
  maxServerNameInAppProfileCount: z.number().int().min(UNLIMITED_DOMAINS).default(UNLIMITED_DOMAINS),
  isDuplicatesServiceLine: z.boolean().default(false),

  scheme: z.array(z.enum(SCHEMES)).min(1).default(['http']),
  httpPort: z.array(portSchema).default([DEFAULT_HTTP_PORT]),
  httpsPort: z.array(portSchema).default([DEFAULT_HTTPS_PORT]),

  useOriginPolicy: z.boolean().default(false),
  origins: z.array(originSchema).default([]),
  usedOriginPolicies: z.array(usedOriginPolicySchema).default([]),
  originscheme: z.enum(ORIGIN_SCHEMES).default('http'),
  portMappingType: z.enum(PORT_MAPPING_TYPES).default('default'),
  originPort: portSchema.default(DEFAULT_HTTP_PORT),

  useSystemCert: z.boolean().default(true),
  keypairname: text().max(64).nullable().default(null),
  isEnforceProtect: z.boolean().default(false),
  redirecthttps: z.boolean().default(false),
  redirectHttpCode: z
    .union(REDIRECT_HTTP_CODES.map((n) => z.literal(n)) as [z.ZodLiteral<301>, z.ZodLiteral<302>, z.ZodLiteral<307>])
    .default(REDIRECT_HTTP_CODE_DEFAULT as 302),
  useHsts: z.boolean().default(false),

  usedWafRules: z.array(usedWafRuleSchema).default([]),
  errorHtmlPageName: text().min(1).max(64).default(DEFAULT_HTML_PAGE_NAME),

  upstreamTimeout: z
    .union(UPSTREAM_TIMEOUTS.map((n) => z.literal(n)) as [z.ZodLiteral<60>, z.ZodLiteral<120>, z.ZodLiteral<180>])
    .default(UPSTREAM_TIMEOUT_DEFAULT as 60),
  isEnabledCompressionToOrigin: z.boolean().default(true),
  isEnabledUpstreamHttp11: z.boolean().default(true),
  isInsertRidHeaderToOrigin: z.boolean().default(false),
  setCustomHostHeader: z.enum(ON_OFF).default('off'),
  customHostHeader: text().max(DOMAIN_MAX_LENGTH).default(''),
  isAcceptHttpV1: z.boolean().default(ACCEPT_HTTP_V1_DEFAULT),
  websocketPath: linesSchema,
  proxyBufferSize: z
    .union(
      PROXY_BUFFER_SIZES.map((n) => z.literal(n)) as [
        z.ZodLiteral<2>,
        z.ZodLiteral<4>,
        z.ZodLiteral<8>,
        z.ZodLiteral<16>,
        z.ZodLiteral<32>,
        z.ZodLiteral<64>,
      ],
    )
    .default(PROXY_BUFFER_SIZE_DEFAULT as 4),
  isUpgradeInsecureRequest: z.boolean().default(false),
  maxUploadSize: z.number().int().min(MAX_UPLOAD_SIZE_MIN).max(MAX_UPLOAD_SIZE_MAX).default(MAX_UPLOAD_SIZE_DEFAULT),

  proxyCacheIgnoreArgs: z.boolean().default(false),
  cusFollowCachePath: linesSchema,
  cusFollowCacheFile: linesSchema,
  cusCachepath: linesSchema,
  cusCachefile: linesSchema,
  forceCusCachePath: linesSchema,
  forceCusCacheFile: linesSchema,
  cusNoncachepath: linesSchema,
  cusNoncachefile: linesSchema,
  cusCachepathExp: expirySchema.default(CACHE_EXP_DEFAULT),
  cusCachepathSrvexp: expirySchema.default(CACHE_SRVEXP_DEFAULT),
  cusCachepathHottime: hottimeSchema.default(CACHE_HOTTIME_DEFAULT as 1),
  cusCachefileExp: expirySchema.default(CACHE_EXP_DEFAULT),
  cusCachefileSrvexp: expirySchema.default(CACHE_SRVEXP_DEFAULT),
  cusCachefileHottime: hottimeSchema.default(CACHE_HOTTIME_DEFAULT as 1),
  defCachefileExp: expirySchema.default(CACHE_EXP_DEFAULT),
  defCachefileSrvexp: expirySchema.default(CACHE_SRVEXP_DEFAULT),
  defCachefileHottime: hottimeSchema.default(CACHE_HOTTIME_DEFAULT as 1),
});
export type ServiceLineSettings = z.infer<typeof serviceLineSettingsSchema>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules across fields (spec §5), every one checked so that all bad fields are reported
 * at once. Pure, so the console's form runs exactly what the server runs.
 */
export function lineProblems(line: ServiceLineSettings): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const http = line.scheme.includes('http');
  const https = line.scheme.includes('https');

  if (http) {
    if (line.httpPort.length === 0) add(['httpPort'], 'required');
    line.httpPort.forEach((port, i) => {
      if (!isAllowedHttpPort(port)) add(['httpPort', i], 'http_port_not_allowed');
      if (line.httpPort.indexOf(port) !== i) add(['httpPort', i], 'duplicate_entry');
    });
  }
  if (https) {
    if (line.httpsPort.length === 0) add(['httpsPort'], 'required');
    const chosenHttp = http ? line.httpPort : [];
    line.httpsPort.forEach((port, i) => {
      if (chosenHttp.includes(port)) add(['httpsPort', i], 'https_port_is_http_port');
      else if (!isAllowedHttpsPort(port)) add(['httpsPort', i], 'https_port_not_allowed');
      else if (line.httpsPort.indexOf(port) !== i) add(['httpsPort', i], 'duplicate_entry');
    });
    if (!line.useSystemCert && !line.keypairname) add(['keypairname'], 'required');
  }
  if (line.redirecthttps && !(http && https)) add(['redirecthttps'], 'needs_both_schemes');
  if (line.useHsts && !https) add(['useHsts'], 'needs_https');

  if (line.useOriginPolicy) {
    if (line.usedOriginPolicies.length === 0) add(['usedOriginPolicies'], 'required');
    const regions = new Set<string>();
    line.usedOriginPolicies.forEach((row, i) =>
      row.regionName.forEach((region, j) => {
        if (regions.has(region)) add(['usedOriginPolicies', i, 'regionName', j], 'region_exists');
        regions.add(region);
      }),
    );
  } else {
    if (line.origins.length === 0) add(['origins'], 'required');
    const seen = new Set<string>();
    line.origins.forEach((origin, i) => {
      const key = origin.address.toLowerCase();
      if (seen.has(key)) add(['origins', i, 'address'], 'duplicate_entry');
      seen.add(key);
    });
  }

  if (line.setCustomHostHeader === 'on' && line.customHostHeader.trim() === '') add(['customHostHeader'], 'required');
  if (/\s/.test(line.customHostHeader)) add(['customHostHeader'], 'has_space');

  const domains = new Set<string>();
  line.servername.forEach((domain, i) => {
    if (domains.has(domain)) add(['servername', i], 'duplicate_entry');
    domains.add(domain);
  });
  if (
    line.maxServerNameInAppProfileCount !== UNLIMITED_DOMAINS &&
    line.servername.length > line.maxServerNameInAppProfileCount
  )
    add(['servername'], 'too_big');
  return issues;
}

/** Adds the cross-field rules to a schema of a line. */
export function withLineChecks<T extends z.ZodType<ServiceLineSettings>>(schema: T): T {
  return schema.superRefine((line, ctx) => {
    for (const issue of lineProblems(line)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }) as unknown as T;
}

/** A line shows Deploying while a task for it is in flight, Deleting once its removal is queued. */
export const LINE_STATUSES = ['Running', 'Deploying', 'Deleting'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/**
 * Sent as true once the user has confirmed using a certificate that does not cover every domain
 * of the line (the answer was CERT_NOT_COVERING); never stored.
 */
const confirmUncoveredSchema = z.boolean().optional();

/** Create (spec §7 `/table/rcm-app-profiles/update/create`): every setting, its name and group. */
export const createServiceLineSchema = withLineChecks(
  serviceLineSettingsSchema.extend({
    groupName: text().min(1).max(64),
    appProfileName: appProfileNameSchema,
    confirmUncovered: confirmUncoveredSchema,
  }),
).meta({ id: 'CreateServiceLine' });
export type CreateServiceLine = z.infer<typeof createServiceLineSchema>;

/**
 * Update (`/update/index`): the whole detail as it was read, with its version; the name and
 * group identify the line and cannot change. Read-only fields of the detail are ignored.
 */
export const updateServiceLineSchema = withLineChecks(
  serviceLineSettingsSchema.extend({
    id: text().min(1).max(64),
    groupName: text().min(1).max(64),
    appProfileName: appProfileNameSchema,
    version: z.number().int(),
    confirmUncovered: confirmUncoveredSchema,
  }),
).meta({ id: 'UpdateServiceLine' });
export type UpdateServiceLine = z.infer<typeof updateServiceLineSchema>;

export const serviceLineSchema = serviceLineSettingsSchema
  .extend({
    id: text(),
    groupName: text(),
    appProfileName: text(),
    status: z.enum(LINE_STATUSES),
    lastError: text().nullable().describe('why the last deployment failed, while the previous version stays live'),
    /** The name the line's domains must point at (CNAME). */
    cnameto: text(),
    createdBy: text(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'ServiceLine' });
export type ServiceLine = z.infer<typeof serviceLineSchema>;

/** The answer of a call that changes what the edge serves (spec §4): empty while one is in flight. */
export const taskAnswerSchema = z.object({ taskNo: text() }).meta({ id: 'TaskAnswer' });

export const serviceLineListQuerySchema = z.object({
  groupName: text().min(1).max(64),
  search: text().trim().max(64).optional().describe('part of a line name or of one of its domains'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const serviceLineListSchema = z
  .object({ items: z.array(serviceLineSchema), total: z.number().int() })
  .meta({ id: 'ServiceLineList' });

export const lineByNameParamsSchema = z.object({
  groupName: text().min(1).max(64),
  appProfileName: text().min(1).max(APP_PROFILE_NAME_MAX_LENGTH),
});

/**
 * Clearing cache: paths (or patterns) to clear, an empty list clearing everything; `domains`
 * narrows it to some of the line's domains (the Domains tab's bulk clear), all when absent.
 */
export const purgeSchema = z
  .object({
    paths: z
      .array(
        text()
          .trim()
          .min(1)
          .max(1024)
          .refine((p) => !/\s/.test(p), { message: 'has_space' }),
      )
      .max(100)
      .default([]),
    domains: z.array(domainSchema).max(500).optional(),
  })
  .meta({ id: 'PurgeCache' });

/** One domain of a line as the Domains tab lists it. */
export const lineDomainSchema = z
  .object({
    domain: text(),
    description: text(),
    cnameto: text(),
    status: z.enum(LINE_STATUSES),
    createdBy: text(),
    createdAt: z.number(),
  })
  .meta({ id: 'LineDomain' });
export const lineDomainListSchema = z.object({ items: z.array(lineDomainSchema) }).meta({ id: 'LineDomainList' });

/**
 * Add domains (spec §7 `/table/rcm-nginxconfigs/update/create`): one or more, with a description.
 * New domains the line's certificate does not cover are asked about like a line save
 * (CERT_NOT_COVERING), then sent again with `confirmUncovered`.
 */
export const addDomainSchema = z
  .object({
    groupName: text().min(1).max(64),
    appProfileName: appProfileNameSchema,
    servername: z.array(domainSchema).min(1).max(500),
    description: text().max(500).default(''),
    confirmUncovered: confirmUncoveredSchema,
  })
  .meta({ id: 'AddDomain' });
/** Bulk edit: the same description on the chosen domains (no redeploy: the edge does not read it). */
export const bulkEditDomainsSchema = z
  .object({ domains: z.array(domainSchema).min(1).max(500), description: text().max(500) })
  .meta({ id: 'BulkEditDomains' });
/** Bulk delete: the chosen domains leave the line (at least one must stay). */
export const bulkDeleteDomainsSchema = z
  .object({ domains: z.array(domainSchema).min(1).max(500) })
  .meta({ id: 'BulkDeleteDomains' });

/** Check CNAME (spec §7 `/validate/checkcname`): each domain of the line, looked up in DNS. */
export const checkCnameSchema = z
  .object({ groupName: text().min(1).max(64), appProfileName: appProfileNameSchema })
  .meta({ id: 'CheckCname' });
export const CNAME_CHECK_ERRORS = ['not_found', 'no_cname', 'timeout', 'failed'] as const;
export const checkCnameAnswerSchema = z
  .object({
    target: text().describe("the line's cnameto"),
    results: z.array(
      z.object({
        domain: text(),
        /** The CNAME the resolver answered for the domain, if any. */
        cname: text().nullable(),
        /** True when the domain points at the target. */
        ok: z.boolean(),
        error: z.enum(CNAME_CHECK_ERRORS).nullable(),
      }),
    ),
  })
  .meta({ id: 'CheckCnameAnswer' });
export type CheckCnameAnswer = z.infer<typeof checkCnameAnswerSchema>;

/**
 * `POST /validate/ipvalidate` (spec §7): is `val` acceptable as a `topic` (an origin address,
 * an IP, or a firewall rule's network: an IPv4 or IPv6 address or CIDR).
 */
export const IP_VALIDATE_TOPICS = ['origin', 'ip', 'network'] as const;
export const ipValidateSchema = z
  .object({ topic: z.enum(IP_VALIDATE_TOPICS), val: text().max(300) })
  .meta({ id: 'IpValidate' });
export const ipValidateAnswerSchema = z
  .object({
    success: z.boolean(),
    /** With `success: false` for an origin: the field code saying why (a malformed address, or a private one). */
    code: z.enum(['invalid_origin_address', ...PRIVATE_ORIGIN_FIELD_CODES]).optional(),
  })
  .meta({ id: 'IpValidateAnswer' });
export type IpValidateAnswer = z.infer<typeof ipValidateAnswerSchema>;

/**
 * `GET /validate/documentexist` (spec §7): is a line name or a firewall rule name (in the
 * group) or a domain (anywhere) taken.
 */
export const DOCUMENT_EXIST_TOPICS = ['appProfileName', 'servername', 'wafRuleName'] as const;
export const documentExistQuerySchema = z.object({
  topic: z.enum(DOCUMENT_EXIST_TOPICS),
  fieldVal: text().trim().min(1).max(300),
  groupName: text().min(1).max(64),
  timestamp: z.coerce.number().optional().describe('ignored; keeps caches from answering'),
});
export const documentExistAnswerSchema = z.object({ exist: z.boolean() }).meta({ id: 'DocumentExist' });

/** Paths of the service-line calls, under API_PREFIX; the spec §7 paths are fixed. */
export const SERVICE_LINE_API = {
  create: '/table/rcm-app-profiles/update/create',
  update: '/table/rcm-app-profiles/update/index',
  addDomain: '/table/rcm-nginxconfigs/update/create',
  ipValidate: '/validate/ipvalidate',
  documentExist: '/validate/documentexist',
  checkCname: '/validate/checkcname',
  lines: '/service-lines',
  line: '/service-lines/:id',
  /** The line a Service Setting URL names (spec §2 /service/overview/:appProfileName/:groupName). */
  lineByName: '/groups/:groupName/service-lines/:appProfileName',
  purge: '/service-lines/:id/purge',
  domains: '/service-lines/:id/domains',
  bulkEditDomains: '/service-lines/:id/domains/bulk-edit',
  bulkDeleteDomains: '/service-lines/:id/domains/bulk-delete',
} as const;
