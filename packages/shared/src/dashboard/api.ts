import { z } from 'zod';
import { text } from '../schemas/text.js';
import { dateRangeSchema } from '../schemas/date-range.js';
import { EVENT_DIMENSIONS, EVENT_METRICS, EVENT_TERM_SIZE_MAX, eventFiltersSchema } from '../schemas/event-queries.js';
import { eventRecordSchema } from '../schemas/event-records.js';

/** The dashboard's calls (all POST: a filter list does not fit a query string). */
export const DASHBOARD_API = {
  series: '/dashboard/series',
  top: '/dashboard/top',
  filterValues: '/dashboard/filter-values',
  activity: '/dashboard/activity',
} as const;

/** How many values the filter editor is offered for a field. */
export const FILTER_VALUES_MAX = 20;
/** The most rows the activity log may ask for. */
export const DASHBOARD_ACTIVITY_MAX = 50;

const groupNameSchema = text().min(1).max(64);

/** Which events a call reads: one group, a date range, and filters that all must hold. */
export const dashboardScopeSchema = z.object({
  groupName: groupNameSchema,
  dateRange: dateRangeSchema,
  filters: eventFiltersSchema,
});

export const dashboardSeriesRequestSchema = dashboardScopeSchema
  .extend({
    metric: z.enum(EVENT_METRICS),
    /** Without it, one series of the whole set. */
    groupBy: z.enum(EVENT_DIMENSIONS).optional(),
    /** With groupBy: how many of the largest keys get a series; CHART_TERM_SIZE when absent. */
    termSize: z.number().int().min(1).max(EVENT_TERM_SIZE_MAX).optional(),
  })
  // Without groupBy there are no terms: the size would be quietly ignored.
  .refine((request) => request.termSize === undefined || request.groupBy !== undefined, {
    path: ['termSize'],
    message: 'unknown_key',
  })
  .meta({ id: 'DashboardSeriesRequest' });
export type DashboardSeriesRequest = z.infer<typeof dashboardSeriesRequestSchema>;

const resolvedRange = { from: z.number().int(), to: z.number().int() };

export const dashboardSeriesAnswerSchema = z
  .object({
    ...resolvedRange,
    /** Width of a bucket (bucketFor(from, to)); buckets start at multiples of it. */
    bucketMs: z.number().int().positive(),
    /** Only buckets with events; a chart draws the others as 0. */
    points: z.array(z.object({ bucket: z.number().int(), key: text().nullable(), value: z.number() })),
  })
  .meta({ id: 'DashboardSeries' });
export type DashboardSeriesAnswer = z.infer<typeof dashboardSeriesAnswerSchema>;

export const dashboardTopRequestSchema = dashboardScopeSchema
  .extend({
    dimension: z.enum(EVENT_DIMENSIONS),
    n: z.number().int().min(1).max(EVENT_TERM_SIZE_MAX),
    metric: z.enum(EVENT_METRICS),
  })
  .meta({ id: 'DashboardTopRequest' });
export type DashboardTopRequest = z.infer<typeof dashboardTopRequestSchema>;

export const dashboardTopAnswerSchema = z
  .object({
    ...resolvedRange,
    /** Largest first; ties by key. */
    entries: z.array(z.object({ key: text(), value: z.number() })),
  })
  .meta({ id: 'DashboardTop' });
export type DashboardTopAnswer = z.infer<typeof dashboardTopAnswerSchema>;

/** The filter editor's suggestions: the field's most frequent values in the range. */
export const dashboardFilterValuesRequestSchema = dashboardScopeSchema
  .extend({ field: z.enum(EVENT_DIMENSIONS) })
  .meta({ id: 'DashboardFilterValuesRequest' });
export type DashboardFilterValuesRequest = z.infer<typeof dashboardFilterValuesRequestSchema>;

export const dashboardFilterValuesAnswerSchema = z
  .object({ values: z.array(z.object({ value: text(), count: z.number().int() })) })
  .meta({ id: 'DashboardFilterValues' });
export type DashboardFilterValuesAnswer = z.infer<typeof dashboardFilterValuesAnswerSchema>;

export const dashboardActivityRequestSchema = dashboardScopeSchema
  .extend({ limit: z.number().int().min(1).max(DASHBOARD_ACTIVITY_MAX) })
  .meta({ id: 'DashboardActivityRequest' });
export type DashboardActivityRequest = z.infer<typeof dashboardActivityRequestSchema>;

/** One row of the activity log: what a firewall rule did to which request. */
export const dashboardActivityRowSchema = eventRecordSchema.pick({
  req_id: true,
  timestamp: true,
  server_name: true,
  client_ip: true,
  country: true,
  method: true,
  uri: true,
  status: true,
  action: true,
  type: true,
  rule: true,
  reason: true,
});
export type DashboardActivityRow = z.infer<typeof dashboardActivityRowSchema>;

export const dashboardActivityAnswerSchema = z
  .object({ ...resolvedRange, rows: z.array(dashboardActivityRowSchema) })
  .meta({ id: 'DashboardActivity' });
export type DashboardActivityAnswer = z.infer<typeof dashboardActivityAnswerSchema>;
