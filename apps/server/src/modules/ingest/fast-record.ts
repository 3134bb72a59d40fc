import {
  EVENT_ARGS_MAX_LENGTH,
  EVENT_CACHE_STATUSES,
  EVENT_COUNTRY_PATTERN,
  EVENT_HEADER_NAME_MAX_LENGTH,
  EVENT_HEADER_NAME_PATTERN,
  EVENT_HEADER_VALUE_MAX_LENGTH,
  EVENT_HEADERS_MAX_COUNT,
  EVENT_HOST_MAX_LENGTH,
  EVENT_PORT_MAX,
  EVENT_PORT_MIN,
  EVENT_REQ_ID_MAX_LENGTH,
  EVENT_SCHEMES,
  EVENT_SHORT_TEXT_MAX_LENGTH,
  EVENT_STATUS_MAX,
  EVENT_STATUS_MIN,
  EVENT_TEXT_MAX_LENGTH,
  EVENT_TYPES,
  EVENT_URI_MAX_LENGTH,
  EVENT_URL_MAX_LENGTH,
  WAF_ACTION_CODES,
  WAF_PROXY_TYPES,
  eventRecordSchema,
  isIP,
  type EventRecord,
} from '@parapet/shared';

/**
 * A quick check of one event record, for the ingest hot path: zod spends about 25 µs on a
 * record (mostly the per-string refinements), ten times what parsing its JSON costs. This
 * accepts only records that eventRecordSchema accepts and answers exactly what it would; for
 * anything it is not sure of (a wrong value, a surrogate anywhere, an odd header) it answers
 * undefined and the caller asks zod, which also says what is wrong. fast-record.test.ts
 * compares the two over thousands of records, and fails when the schema gains a field.
 */

type Check = (value: unknown) => boolean;

// Any NUL or UTF-16 surrogate, paired or not: the shared text() refuses NUL and lone
// surrogates, and a pair (an emoji) is rare enough to leave to zod.
const NUL_OR_SURROGATE = /[\0\uD800-\uDFFF]/;
const text =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max && !NUL_OR_SURROGATE.test(v);
const integer =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;
const nonNegative: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const oneOf = (values: readonly string[]): Check => {
  const set = new Set(values);
  return (v) => typeof v === 'string' && set.has(v);
};
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const headerName = text(1, EVENT_HEADER_NAME_MAX_LENGTH);
const headerValue = text(0, EVENT_HEADER_VALUE_MAX_LENGTH);

const CHECKS: Record<keyof EventRecord, Check> = {
  req_id: text(1, EVENT_REQ_ID_MAX_LENGTH),
  timestamp: integer(0, Number.MAX_SAFE_INTEGER),
  server_name: text(1, EVENT_HOST_MAX_LENGTH),
  host: text(0, EVENT_HOST_MAX_LENGTH),
  scheme: oneOf(EVENT_SCHEMES),
  method: text(0, EVENT_SHORT_TEXT_MAX_LENGTH),
  server_port: nullable(integer(EVENT_PORT_MIN, EVENT_PORT_MAX)),
  uri: text(0, EVENT_URI_MAX_LENGTH),
  args: text(0, EVENT_ARGS_MAX_LENGTH),
  request_url: text(0, EVENT_URL_MAX_LENGTH),
  server_protocol: text(0, EVENT_SHORT_TEXT_MAX_LENGTH),
  req_headers: (v) => {
    if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
    const names = Object.keys(v);
    if (names.length > EVENT_HEADERS_MAX_COUNT || Object.hasOwn(v, '__proto__')) return false;
    const headers = v as Record<string, unknown>;
    return names.every(
      (name) => headerName(name) && EVENT_HEADER_NAME_PATTERN.test(name) && headerValue(headers[name]),
    );
  },
  client_ip: (v) => text(1, EVENT_SHORT_TEXT_MAX_LENGTH)(v) && isIP(v as string) !== 0,
  user_agent: text(0, EVENT_TEXT_MAX_LENGTH),
  country: (v) => typeof v === 'string' && EVENT_COUNTRY_PATTERN.test(v),
  isp: text(0, EVENT_TEXT_MAX_LENGTH),
  proxy_type: oneOf([...WAF_PROXY_TYPES, '']),
  action: oneOf([...WAF_ACTION_CODES, '']),
  type: oneOf(EVENT_TYPES),
  rule: text(0, EVENT_SHORT_TEXT_MAX_LENGTH),
  reason: text(0, EVENT_TEXT_MAX_LENGTH),
  status: integer(EVENT_STATUS_MIN, EVENT_STATUS_MAX),
  upstream_status: nullable(integer(EVENT_STATUS_MIN, EVENT_STATUS_MAX)),
  request_time: nonNegative,
  upstream_response_time: nullable(nonNegative),
  bytes_sent: integer(0, Number.MAX_SAFE_INTEGER),
  cache_status: oneOf(EVENT_CACHE_STATUSES),
  origin_host_resolve: text(0, EVENT_TEXT_MAX_LENGTH),
};

const FIELDS = Object.keys(eventRecordSchema.shape) as (keyof EventRecord)[];
/** What the schema fills in for an absent field, asked of the schema itself; absent for required fields. */
const DEFAULTS = new Map(
  FIELDS.flatMap((key) => {
    const answer = eventRecordSchema.shape[key].safeParse(undefined);
    return answer.success ? [[key, answer.data] as const] : [];
  }),
);
/** A field the schema has and this file does not know turns the quick check off: zod decides alone. */
const COMPLETE = FIELDS.length === Object.keys(CHECKS).length && FIELDS.every((key) => Object.hasOwn(CHECKS, key));

export function fastEventRecord(value: unknown): EventRecord | undefined {
  if (!COMPLETE || typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return undefined;
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const v = input[key];
    if (v === undefined) {
      if (!DEFAULTS.has(key)) return undefined;
      const fallback = DEFAULTS.get(key);
      // A fresh object per record, never one shared default that a later change could alter.
      out[key] = typeof fallback === 'object' && fallback !== null ? { ...fallback } : fallback;
      continue;
    }
    if (!CHECKS[key](v)) return undefined;
    out[key] = key === 'req_headers' ? { ...(v as object) } : v;
  }
  return out as EventRecord;
}
