import { z } from 'zod';
import { text } from './text.js';
import { canonicalClientAddress } from '../client-address.js';
import { isIP } from '../net.js';
import { WAF_ACTION_CODES, WAF_PROXY_TYPES } from '../waf/vocabulary.js';

/**
 * One request as the edge logs it and ingest takes it (spec §3 Event log record; GLOSSARY §7).
 * Keys are snake_case because that is how access logs write them; the old product's
 * `cus_realy_addr`, `tb_action`, `tb_type`, `tb_rule`, `tb_reason`, `http_user_agent`,
 * `request_method`, `proxyType` and `originHostResolve` are `client_ip`, `action`, `type`,
 * `rule`, `reason`, `user_agent`, `method`, `proxy_type` and `origin_host_resolve` here.
 * Every string has a bound so one record can never grow the store without limit.
 */

export const EVENT_REQ_ID_MAX_LENGTH = 64;
/** Host names: the DNS limit. */
export const EVENT_HOST_MAX_LENGTH = 253;
export const EVENT_URI_MAX_LENGTH = 4096;
export const EVENT_ARGS_MAX_LENGTH = 4096;
/** scheme://host:port + uri + ?args. */
export const EVENT_URL_MAX_LENGTH = 8192;
export const EVENT_SHORT_TEXT_MAX_LENGTH = 64;
export const EVENT_TEXT_MAX_LENGTH = 512;
export const EVENT_HEADER_NAME_MAX_LENGTH = 128;
export const EVENT_HEADER_VALUE_MAX_LENGTH = 4096;
export const EVENT_HEADERS_MAX_COUNT = 100;
export const EVENT_STATUS_MIN = 100;
export const EVENT_STATUS_MAX = 599;
/** Same bound as the ports a listener may use, widened to the whole TCP range the edge could log. */
export const EVENT_PORT_MIN = 1;
export const EVENT_PORT_MAX = 65535;

export const EVENT_SCHEMES = ['http', 'https'] as const;
/** `type` of a request a firewall rule acted on; '' when none did (GLOSSARY §7). */
export const EVENT_TYPE_WAF = '01';
export const EVENT_TYPES = [EVENT_TYPE_WAF, ''] as const;
/** The cache status of a response that was not cacheable (nginx leaves the variable empty). */
export const EVENT_CACHE_STATUS_NOT_CACHEABLE = '-';
/** nginx's `$upstream_cache_status`, and '-' when the response was not cacheable. */
export const EVENT_CACHE_STATUSES = [
  'HIT',
  'MISS',
  'BYPASS',
  'EXPIRED',
  'STALE',
  'UPDATING',
  'REVALIDATED',
  EVENT_CACHE_STATUS_NOT_CACHEABLE,
] as const;
export type EventCacheStatus = (typeof EVENT_CACHE_STATUSES)[number];

const bounded = (max: number) => text().max(max);
/** ISO 3166-1 alpha-2 in upper case, or '' when unknown. */
export const EVENT_COUNTRY_PATTERN = /^([A-Z]{2})?$/;
/** A request header name as stored: an HTTP token in lower case. */
export const EVENT_HEADER_NAME_PATTERN = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

export const eventRequestHeadersSchema = z
  .record(
    text().min(1).max(EVENT_HEADER_NAME_MAX_LENGTH).regex(EVENT_HEADER_NAME_PATTERN),
    bounded(EVENT_HEADER_VALUE_MAX_LENGTH),
  )
  .refine((headers) => Object.keys(headers).length <= EVENT_HEADERS_MAX_COUNT, { message: 'too_many_headers' });

export const eventRecordSchema = z
  .object({
    req_id: text().min(1).max(EVENT_REQ_ID_MAX_LENGTH),
    /** Epoch milliseconds of the request. */
    timestamp: z.number().int().nonnegative(),
    /** The line's server name; ingest resolves it to the line. */
    server_name: text().min(1).max(EVENT_HOST_MAX_LENGTH),
    host: bounded(EVENT_HOST_MAX_LENGTH).default(''),
    scheme: z.enum(EVENT_SCHEMES).default('http'),
    method: bounded(EVENT_SHORT_TEXT_MAX_LENGTH).default('GET'),
    server_port: z.number().int().min(EVENT_PORT_MIN).max(EVENT_PORT_MAX).nullable().default(null),
    uri: bounded(EVENT_URI_MAX_LENGTH).default('/'),
    args: bounded(EVENT_ARGS_MAX_LENGTH).default(''),
    request_url: bounded(EVENT_URL_MAX_LENGTH).default(''),
    server_protocol: bounded(EVENT_SHORT_TEXT_MAX_LENGTH).default(''),
    /** Lower-case header name → value. */
    req_headers: eventRequestHeadersSchema.default({}),
    client_ip: text()
      .max(EVENT_SHORT_TEXT_MAX_LENGTH)
      .refine((value) => isIP(value) !== 0, { message: 'invalid_ip' }),
    user_agent: bounded(EVENT_TEXT_MAX_LENGTH).default(''),
    /** ISO 3166-1 alpha-2, upper case; '' when unknown. */
    country: text().regex(EVENT_COUNTRY_PATTERN).default(''),
    isp: bounded(EVENT_TEXT_MAX_LENGTH).default(''),
    proxy_type: z.enum([...WAF_PROXY_TYPES, '']).default(''),
    /** The WAF action code that acted, '' when no rule acted. */
    action: z.enum([...WAF_ACTION_CODES, '']).default(''),
    type: z.enum(EVENT_TYPES).default(''),
    /** The name of the rule that acted, '' when none. */
    rule: bounded(EVENT_SHORT_TEXT_MAX_LENGTH).default(''),
    reason: bounded(EVENT_TEXT_MAX_LENGTH).default(''),
    status: z.number().int().min(EVENT_STATUS_MIN).max(EVENT_STATUS_MAX),
    upstream_status: z.number().int().min(EVENT_STATUS_MIN).max(EVENT_STATUS_MAX).nullable().default(null),
    /** Seconds. */
    request_time: z.number().finite().nonnegative().default(0),
    /** Seconds; null when no origin was asked. */
    upstream_response_time: z.number().finite().nonnegative().nullable().default(null),
    bytes_sent: z.number().int().nonnegative().default(0),
    cache_status: z.enum(EVENT_CACHE_STATUSES).default(EVENT_CACHE_STATUS_NOT_CACHEABLE),
    /** The origin address the edge resolved and connected to. */
    origin_host_resolve: bounded(EVENT_TEXT_MAX_LENGTH).default(''),
  })
  .meta({ id: 'EventRecord' });
export type EventRecord = z.infer<typeof eventRecordSchema>;
export type EventRecordInput = z.input<typeof eventRecordSchema>;

/** What the store holds: the record plus the group and customer package of its line. */
export const storedEventSchema = eventRecordSchema
  .extend({
    group_name: text().min(1).max(EVENT_SHORT_TEXT_MAX_LENGTH),
    customer_package: text().min(1).max(EVENT_SHORT_TEXT_MAX_LENGTH),
  })
  .meta({ id: 'StoredEvent' });
export type StoredEvent = z.infer<typeof storedEventSchema>;

/**
 * A record as the store keeps it, with its line's group and package (and, for ingest, the
 * country found for its address). One literal, not a spread of the record: spread copies of
 * records whose fields differ in kind (a port or null, a whole or fractional time) each got a
 * hidden class of their own in V8 (19,992 classes for 20,000 events), and reading thirty fields
 * of such objects took most of the store's insert (docs/analytics-bench.md). The client address is
 * kept in its one canonical spelling (client-address.ts), which the DuckDB store's grouping by
 * number relies on.
 */
export function toStoredEvent(
  record: EventRecord,
  owner: { group_name: string; customer_package: string; country?: string },
): StoredEvent {
  return {
    req_id: record.req_id,
    timestamp: record.timestamp,
    server_name: record.server_name,
    host: record.host,
    scheme: record.scheme,
    method: record.method,
    server_port: record.server_port,
    uri: record.uri,
    args: record.args,
    request_url: record.request_url,
    server_protocol: record.server_protocol,
    req_headers: record.req_headers,
    client_ip: canonicalClientAddress(record.client_ip) ?? record.client_ip,
    user_agent: record.user_agent,
    country: owner.country ?? record.country,
    isp: record.isp,
    proxy_type: record.proxy_type,
    action: record.action,
    type: record.type,
    rule: record.rule,
    reason: record.reason,
    status: record.status,
    upstream_status: record.upstream_status,
    request_time: record.request_time,
    upstream_response_time: record.upstream_response_time,
    bytes_sent: record.bytes_sent,
    cache_status: record.cache_status,
    origin_host_resolve: record.origin_host_resolve,
    group_name: owner.group_name,
    customer_package: owner.customer_package,
  };
}
