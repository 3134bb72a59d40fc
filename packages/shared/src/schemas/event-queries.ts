import { z } from 'zod';
import { text } from './text.js';
import { EVENT_TEXT_MAX_LENGTH, EVENT_URL_MAX_LENGTH } from './event-records.js';

/**
 * What the console may ask of the event store (ARCHITECTURE §8): the dimensions a series or a
 * top-N may group by, and the filters on stored events. Both are whitelists, so no name the
 * client sends ever reaches SQL as text; values are always bound parameters.
 */

/**
 * What a chart may group by: columns, plus values computed from them.
 * - `status_class` is 2xx/3xx/4xx/5xx, from `status`.
 * - `referer` is the request's `referer` header, `content_type` the first media type of its
 *   `accept` header (lower case, parameters dropped), as GLOSSARY §8.3 keys Content Type.
 * - `served_by` is `cache` when the cache answered (EVENT_CACHE_SERVED_STATUSES), `origin` when
 *   the request went to the origin (it has an `upstream_status`), else `edge`: the edge answered
 *   it itself (a firewall's deny, challenge or redirect). Until 29 Nov the last two were one
 *   `origin`, so a flood the firewall refused counted as bytes from the origin and its paths
 *   led the Caching tab's uncached list.
 */
export const EVENT_DIMENSIONS = [
  'server_name',
  'host',
  'country',
  'isp',
  'status',
  'status_class',
  'upstream_status',
  'action',
  'type',
  'rule',
  'reason',
  'cache_status',
  'served_by',
  'method',
  'client_ip',
  'proxy_type',
  'uri',
  'scheme',
  'server_protocol',
  'user_agent',
  'referer',
  'content_type',
] as const;

/** `$upstream_cache_status` values that mean the edge answered from its cache. */
export const EVENT_CACHE_SERVED_STATUSES = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'] as const;
export const EVENT_SERVED_BY = ['cache', 'origin', 'edge'] as const;
export type EventServedBy = (typeof EVENT_SERVED_BY)[number];
export const SERVED_BY_CACHE: EventServedBy = 'cache';
export const SERVED_BY_ORIGIN: EventServedBy = 'origin';
export const SERVED_BY_EDGE: EventServedBy = 'edge';

/** The most group-by terms a chart may ask for; the default is CHART_TERM_SIZE (spec §9). */
export const EVENT_TERM_SIZE_MAX = 50;
export type EventDimension = (typeof EVENT_DIMENSIONS)[number];

/** The only fields gt and lt apply to. */
export const EVENT_NUMERIC_FILTER_FIELDS = ['status', 'request_time', 'upstream_response_time', 'bytes_sent'] as const;
export type EventNumericFilterField = (typeof EVENT_NUMERIC_FILTER_FIELDS)[number];

/**
 * Every field a filter may name (GLOSSARY §7: the log filters on all fields): the dimensions,
 * the numeric fields and the other columns. Not `group_name`, which is the query's own scope,
 * nor the headers, which Deep Search reads.
 */
export const EVENT_FILTER_FIELDS = [
  ...EVENT_DIMENSIONS,
  'request_time',
  'upstream_response_time',
  'bytes_sent',
  'req_id',
  'args',
  'request_url',
  'server_port',
  'customer_package',
  'origin_host_resolve',
] as const;
export type EventFilterField = (typeof EVENT_FILTER_FIELDS)[number];

export const EVENT_FILTER_OPS = ['is', 'is_not', 'exists', 'not_exists', 'gt', 'lt'] as const;
export type EventFilterOp = (typeof EVENT_FILTER_OPS)[number];

export const EVENT_METRICS = ['requests', 'bytes'] as const;
export type EventMetric = (typeof EVENT_METRICS)[number];

export const EVENT_FILTERS_MAX = 20;

/**
 * The range a numeric filter compares with: every numeric field is a count, a size or a time,
 * never negative, and a store binds whole numbers as 64-bit integers, so nothing past the
 * integers a double holds exactly reaches it.
 */
export const EVENT_FILTER_NUMBER_MIN = 0;
export const EVENT_FILTER_NUMBER_MAX = Number.MAX_SAFE_INTEGER;

export const isNumericFilterField = (field: string): field is EventNumericFilterField =>
  (EVENT_NUMERIC_FILTER_FIELDS as readonly string[]).includes(field);

/**
 * One filter: `is`/`is_not` compare with a value, `exists`/`not_exists` ask for a non-empty
 * value (not null, not ''), `gt`/`lt` compare a numeric field with a number.
 */
export const eventFilterSchema = z
  .object({
    field: z.enum(EVENT_FILTER_FIELDS),
    op: z.enum(EVENT_FILTER_OPS),
    value: z.union([text().max(EVENT_URL_MAX_LENGTH), z.number().finite()]).optional(),
  })
  .superRefine((filter, ctx) => {
    const needsValue = filter.op !== 'exists' && filter.op !== 'not_exists';
    if (needsValue && filter.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
    }
    // exists / not_exists compare with nothing: a value sent with them would be quietly ignored.
    if (!needsValue && filter.value !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'unknown_key' });
    }
    if ((filter.op === 'gt' || filter.op === 'lt') && !isNumericFilterField(filter.field)) {
      ctx.addIssue({ code: 'custom', path: ['op'], message: 'not_numeric_field' });
    }
    if (needsValue && isNumericFilterField(filter.field) && typeof filter.value !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'not_a_number' });
    }
    if (isNumericFilterField(filter.field) && typeof filter.value === 'number') {
      if (filter.value < EVENT_FILTER_NUMBER_MIN)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'too_small' });
      if (filter.value > EVENT_FILTER_NUMBER_MAX) ctx.addIssue({ code: 'custom', path: ['value'], message: 'too_big' });
      // A status code is a whole number: 1.5 would match nothing, and say so nowhere.
      if (filter.field === 'status' && !Number.isInteger(filter.value)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'not_whole_number' });
      }
    }
  })
  .meta({ id: 'EventFilter' });
export type EventFilter = z.infer<typeof eventFilterSchema>;

export const eventFiltersSchema = z.array(eventFilterSchema).max(EVENT_FILTERS_MAX);

/** Free text of the deep search (uri, args and headers contain it, case-insensitive). */
export const eventSearchTextSchema = text().min(1).max(EVENT_TEXT_MAX_LENGTH);
