import { z } from 'zod';
import { text } from './text.js';
import { itemListQuerySchema } from './paging.js';
import { entityStatusSchema } from './deploy.js';
import { isIP } from '../net.js';
import {
  DOMAIN_LABEL_MAX_LENGTH,
  DOMAIN_MAX_LENGTH,
  ORIGIN_WEIGHT_MAX,
  ORIGIN_WEIGHT_MIN,
  PORT_MAX,
  PORT_MIN,
} from '../constants.js';

/** Origin policies (spec §3 Origin, Origin policy; GLOSSARY §2, §3; ARCHITECTURE §6). */
export const POLICY_NAME_MAX_LENGTH = 35;
/** Lower-case letters, digits and underscore. */
export const POLICY_NAME_PATTERN = /^[a-z0-9_]+$/;
export const LOAD_BALANCER_METHODS = ['roundrobin', 'weight', 'ipHash'] as const;
export const HEALTH_CHECK_MODES = ['tcp', 'http'] as const;
export const ORIGIN_SCHEMES = ['http', 'https'] as const;
export const PORT_MAPPING_TYPES = ['default', 'static'] as const;
export const HEALTH_CHECK_DEFAULTS = {
  intervalS: 10,
  timeoutMs: 500,
  success: 2,
  fail: 3,
  httpCodes: ['200-399'],
} as const;
/** The region that serves every visitor no other region of a line claims. */
export const DEFAULT_REGION = 'default';
/** A region is `default` or an ISO 3166-1 alpha-2 country code. */
export const REGION_PATTERN = /^(default|[A-Z]{2})$/;

/** Field codes of origin problems beyond zod's own (spec §5: invalid origin address, duplicate entry). */
export const ORIGIN_FIELD_CODES = ['invalid_origin_address', 'duplicate_entry'] as const;

const HOST_LABEL = new RegExp(`^(?!-)[a-z0-9-]{1,${DOMAIN_LABEL_MAX_LENGTH}}(?<!-)$`, 'i');

/** A host name of DNS labels (at most 253 characters), not all-numeric like a broken IP. */
function isHostName(value: string): boolean {
  if (value.length > DOMAIN_MAX_LENGTH) return false;
  const labels = value.replace(/\.$/, '').split('.');
  return labels.every((l) => HOST_LABEL.test(l)) && !/^[\d.]+$/.test(value);
}

/**
 * An origin address: an IPv4 or IPv6 address or a host name, optionally with a port
 * (`10.0.0.1:8080`, `[2001:db8::1]:443`, `origin.example.com:8443`).
 */
export function isOriginAddress(value: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  let host: string;
  let port: string | undefined;
  if (bracketed) {
    if (isIP(bracketed[1] ?? '') !== 6) return false;
    port = bracketed[2];
    host = '';
  } else if (isIP(value) === 6) {
    return true;
  } else {
    const hit = /^([^:]+)(?::(\d+))?$/.exec(value);
    if (!hit) return false;
    host = hit[1] ?? '';
    port = hit[2];
  }
  if (port !== undefined && (Number(port) < PORT_MIN || Number(port) > PORT_MAX)) return false;
  return host === '' || isIP(host) === 4 || isHostName(host);
}

export const originSchema = z.object({
  address: text().trim().min(1).refine(isOriginAddress, { message: 'invalid_origin_address' }),
  /** Used only by the `weight` method. */
  weight: z.number().int().min(ORIGIN_WEIGHT_MIN).max(ORIGIN_WEIGHT_MAX).default(1),
  /** Serves only when every primary origin is down. */
  backup: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type Origin = z.infer<typeof originSchema>;

/** Every field of a policy except its name; checked together by `withOriginChecks`. */
export const originPolicySettingsSchema = z.object({
  region: z.array(text().regex(REGION_PATTERN)).min(1).default([DEFAULT_REGION]),
  origins: z.array(originSchema).min(1),
  loadBalancerMethod: z.enum(LOAD_BALANCER_METHODS).default('ipHash'),
  loadBalancerSticky: z.boolean().default(false),
  healthCheckMode: z.enum(HEALTH_CHECK_MODES).default('tcp'),
  healthCheckUri: text()
    .trim()
    .regex(/^\/\S*$/)
    .default('/'),
  healthCheckHttpCode: z
    .array(text().regex(/^[1-5]\d\d(-[1-5]\d\d)?$/))
    .min(1)
    .default([...HEALTH_CHECK_DEFAULTS.httpCodes]),
  healthCheckInterval: z.number().int().min(1).max(3600).default(HEALTH_CHECK_DEFAULTS.intervalS),
  healthCheckTimeout: z.number().int().min(50).max(60_000).default(HEALTH_CHECK_DEFAULTS.timeoutMs),
  healthCheckSuccess: z.number().int().min(1).max(10).default(HEALTH_CHECK_DEFAULTS.success),
  healthCheckFail: z.number().int().min(1).max(10).default(HEALTH_CHECK_DEFAULTS.fail),
  originscheme: z.enum(ORIGIN_SCHEMES).default('http'),
  portMappingType: z.enum(PORT_MAPPING_TYPES).default('default'),
});
export type OriginPolicySettings = z.infer<typeof originPolicySettingsSchema>;

export const policyNameSchema = text().trim().min(1).max(POLICY_NAME_MAX_LENGTH).regex(POLICY_NAME_PATTERN);

/** The checks across fields: the same origin, or the same region, twice (the later one is marked). */
function withOriginChecks<T extends z.ZodType<{ origins: { address: string }[]; region: string[] }>>(schema: T): T {
  return schema.superRefine((policy, ctx) => {
    const seen = new Set<string>();
    policy.origins.forEach((origin, index) => {
      const key = origin.address.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['origins', index, 'address'], message: 'duplicate_entry' });
      seen.add(key);
    });
    const regions = new Set<string>();
    policy.region.forEach((region, index) => {
      if (regions.has(region)) ctx.addIssue({ code: 'custom', path: ['region', index], message: 'duplicate_entry' });
      regions.add(region);
    });
  }) as unknown as T;
}

export const originPolicyInputSchema = withOriginChecks(
  originPolicySettingsSchema.extend({ policyName: policyNameSchema }),
).meta({ id: 'OriginPolicyDraft' });
export type OriginPolicyInput = z.infer<typeof originPolicyInputSchema>;

/** Paths of the origin-policy calls, under API_PREFIX. */
export const ORIGIN_POLICY_API = {
  policies: '/origin-policies',
  policy: '/origin-policies/:id',
} as const;

export const createOriginPolicySchema = withOriginChecks(
  originPolicySettingsSchema.extend({ policyName: policyNameSchema, groupName: text().min(1).max(64) }),
).meta({ id: 'CreateOriginPolicy' });
export const updateOriginPolicySchema = withOriginChecks(
  originPolicySettingsSchema.extend({ policyName: policyNameSchema, version: z.number().int() }),
).meta({ id: 'UpdateOriginPolicy' });

/** An origin's health as the checks last found it; `unchecked` until the first verdict. */
export const ORIGIN_HEALTH_STATES = ['unchecked', 'healthy', 'unhealthy'] as const;
export type OriginHealthState = (typeof ORIGIN_HEALTH_STATES)[number];
/**
 * Why an origin's last check failed, as a code the console translates (never a socket error
 * code): the connection was refused, timed out, could not be routed or was reset; the answer's
 * status was not a healthy one; TLS failed; the name did not resolve; or the address it
 * resolved to may not be checked (a private one, see origin-address.ts).
 */
export const ORIGIN_CHECK_REASONS = [
  'refused',
  'timeout',
  'unreachable',
  'reset',
  'bad_status',
  'tls_failed',
  'dns_failed',
  'forbidden_address',
  'failed',
] as const;
export type OriginCheckReason = (typeof ORIGIN_CHECK_REASONS)[number];
export const originHealthSchema = z.object({
  address: text(),
  health: z.enum(ORIGIN_HEALTH_STATES),
  checkedAt: z.number().nullable(),
  /** Why the last check failed; null when it passed or none was made. */
  reason: z.enum(ORIGIN_CHECK_REASONS).nullable(),
  /** With `bad_status`: the status the origin answered. */
  httpStatus: z.number().int().nullable(),
});
export type OriginHealth = z.infer<typeof originHealthSchema>;

export const originPolicySchema = originPolicySettingsSchema
  .extend({
    id: text(),
    groupName: text(),
    policyName: text(),
    status: entityStatusSchema,
    lastError: text().nullable().describe('why the last deployment failed, while the previous version stays live'),
    /** Each enabled origin's health; disabled origins are not checked. */
    health: z.array(originHealthSchema),
    /** The service lines and rules that use the policy. */
    usedBy: z.array(text()),
    usageCount: z.number().int(),
    createdBy: text(),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'OriginPolicy' });
export type OriginPolicy = z.infer<typeof originPolicySchema>;

export const originPolicyListQuerySchema = itemListQuerySchema;
export type OriginPolicyListQuery = z.infer<typeof originPolicyListQuerySchema>;
export const originPolicyListSchema = z
  .object({ items: z.array(originPolicySchema), total: z.number().int() })
  .meta({ id: 'OriginPolicyList' });
