import { z } from 'zod';
import { CHART_TERM_SIZE, DATE_RANGE_DEFAULT_INDEX } from '../constants.js';
import { dateRangeSchema } from '../schemas/date-range.js';
import {
  EVENT_DIMENSIONS,
  EVENT_FILTERS_MAX,
  EVENT_TERM_SIZE_MAX,
  eventFilterSchema,
  type EventMetric,
} from '../schemas/event-queries.js';
import { DASHBOARD_TAB_IDS, type DashboardTab } from './tabs.js';

/**
 * What the user chooses on the dashboard (spec §3 "Dashboard filter", GLOSSARY §8.3), kept per
 * user as `dashboardFilterOptions`: the filters, the date range with its zoom state, and the
 * chart options.
 */

/** How the main chart draws its series (GLOSSARY §8.3 `chartVisualizeType`). */
export const CHART_VISUALIZATIONS = ['line', 'area', 'bar'] as const;
export type ChartVisualization = (typeof CHART_VISUALIZATIONS)[number];

/** `chartMetric`: requests counted, or bytes sent. */
export const CHART_METRICS = ['count', 'dataUsage'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];
export const CHART_METRIC_TO_EVENT_METRIC: Readonly<Record<ChartMetric, EventMetric>> = {
  count: 'requests',
  dataUsage: 'bytes',
};

/** `chartMetricGroupBy`: one series, one per term of a field, or one per filter. */
export const CHART_GROUP_BYS = ['none', 'terms', 'filters'] as const;
export type ChartGroupBy = (typeof CHART_GROUP_BYS)[number];

/** The most series a `filters` group-by draws. */
export const CHART_GROUP_BY_FILTERS_MAX = 5;

/**
 * Filters the tabs add themselves (the Firewall tab's two) come on top of the user's, and the
 * store takes EVENT_FILTERS_MAX in all.
 */
export const DASHBOARD_BASE_FILTERS_MAX = 2;
export const DASHBOARD_FILTERS_MAX = EVENT_FILTERS_MAX - DASHBOARD_BASE_FILTERS_MAX - 1;

/** The three sizes of a source list (GLOSSARY §8.1), and its default. */
export const SOURCE_LIST_SIZES = [3, 5, 10] as const;
export type SourceListSize = (typeof SOURCE_LIST_SIZES)[number];
export const SOURCE_LIST_SIZE_DEFAULT: SourceListSize = 5;

export const chartOptionsSchema = z
  .object({
    visualization: z.enum(CHART_VISUALIZATIONS),
    /** Null: the tab's own metric. */
    metric: z.enum(CHART_METRICS).nullable(),
    groupBy: z.enum(CHART_GROUP_BYS),
    /** With `terms`: the field whose values become series. */
    termField: z.enum(EVENT_DIMENSIONS).nullable(),
    termSize: z.number().int().min(1).max(EVENT_TERM_SIZE_MAX),
    /** With `filters`: one series per filter. */
    groupByFilters: z.array(eventFilterSchema).max(CHART_GROUP_BY_FILTERS_MAX),
  })
  .meta({ id: 'ChartOptions' });
export type ChartOptions = z.infer<typeof chartOptionsSchema>;

/** A tab's chart options before the user changes any: its first group-by tab, its own metric. */
export function defaultChartOptions(tab: DashboardTab): ChartOptions {
  const first = tab.mainChart.groupBys[0] ?? null;
  return {
    visualization: 'line',
    metric: null,
    groupBy: first === null ? 'none' : 'terms',
    termField: first,
    termSize: CHART_TERM_SIZE,
    groupByFilters: [],
  };
}

/** A dashboard date range plus what a zoom needs to undo itself (spec §4). */
export const dashboardDateRangeSchema = z.object({
  range: dateRangeSchema,
  /** The range before the first zoom; Reset goes back to it. */
  previous: dateRangeSchema.nullable(),
  zoomed: z.boolean(),
});
export type DashboardDateRange = z.infer<typeof dashboardDateRangeSchema>;

export const dashboardFilterOptionsSchema = z.object({
  filters: z.array(eventFilterSchema).max(DASHBOARD_FILTERS_MAX),
  dateRange: dashboardDateRangeSchema,
  /** Per tab: each tab's main chart has its own group-by tabs and metric. */
  chartOptions: z.partialRecord(z.enum(DASHBOARD_TAB_IDS), chartOptionsSchema),
  sourceListSize: z.union(SOURCE_LIST_SIZES.map((size) => z.literal(size))),
});
export type DashboardFilterOptions = z.infer<typeof dashboardFilterOptionsSchema>;

export const DEFAULT_DASHBOARD_FILTER_OPTIONS: DashboardFilterOptions = {
  filters: [],
  dateRange: { range: { index: DATE_RANGE_DEFAULT_INDEX }, previous: null, zoomed: false },
  chartOptions: {},
  sourceListSize: SOURCE_LIST_SIZE_DEFAULT,
};
