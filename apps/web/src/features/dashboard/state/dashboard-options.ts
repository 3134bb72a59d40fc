import {
  DEFAULT_DASHBOARD_FILTER_OPTIONS,
  TIME_RANGE_CUSTOM_INDEX,
  TIME_RANGE_MINUTES,
  ZOOM_DEFAULT_MINUTES,
  chartOptionsSchema,
  dashboardDateRangeSchema,
  dashboardFilterOptionsSchema,
  type DashboardDateRange,
  type DashboardFilterOptions,
} from '@parapet/shared';
import { tellOwnDashboardChoices } from '@/lib/device-cookies';
import { readStored, writeStored } from '@/lib/stored-data';

/**
 * The user's dashboard choices (spec §3 "Dashboard filter"), kept as `dashboardFilterOptions`.
 * What is read back is checked part by part: a part that no longer holds (a custom range now
 * older than the picker allows, a field since renamed) falls back to its default alone, so one
 * stale choice does not cost the user the others.
 */

const parts = dashboardFilterOptionsSchema.shape;

export function readDashboardOptions(): DashboardFilterOptions {
  const stored = readStored('dashboardFilterOptions') ?? {};
  const part = <K extends keyof DashboardFilterOptions>(key: K): DashboardFilterOptions[K] => {
    const parsed = parts[key].safeParse(stored[key]);
    return parsed.success ? (parsed.data as DashboardFilterOptions[K]) : DEFAULT_DASHBOARD_FILTER_OPTIONS[key];
  };
  // Chart options are kept per tab: a bad one drops only its tab's.
  const storedCharts = stored.chartOptions;
  const chartOptions: DashboardFilterOptions['chartOptions'] = {};
  if (typeof storedCharts === 'object' && storedCharts !== null) {
    for (const [tab, value] of Object.entries(storedCharts)) {
      const parsed = chartOptionsSchema.safeParse(value);
      if (parsed.success && parts.chartOptions.safeParse({ [tab]: parsed.data }).success)
        Object.assign(chartOptions, { [tab]: parsed.data });
    }
  }
  return {
    filters: part('filters'),
    dateRange: part('dateRange'),
    chartOptions,
    sourceListSize: part('sourceListSize'),
  };
}

export function writeDashboardOptions(options: DashboardFilterOptions): void {
  writeStored('dashboardFilterOptions', options);
  tellOwnDashboardChoices(!sameOptions(options, DEFAULT_DASHBOARD_FILTER_OPTIONS));
}

/** The same choices, whatever the order their keys were written in. */
export function sameOptions(a: DashboardFilterOptions, b: DashboardFilterOptions): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The preset a zoom with nothing to go back to resets to: the default zoom window (spec §4). */
const ZOOM_DEFAULT_INDEX = TIME_RANGE_MINUTES.findIndex((minutes) => minutes === ZOOM_DEFAULT_MINUTES);

/**
 * A drag across a chart: the range becomes [from, to) as a custom one. The range before the
 * first zoom is kept (zooming again keeps the first), so Reset goes back to what the user chose.
 */
export function zoomTo(current: DashboardDateRange, from: number, to: number): DashboardDateRange {
  return {
    range: { index: TIME_RANGE_CUSTOM_INDEX, from: Math.floor(from), to: Math.ceil(to) },
    previous: current.zoomed && current.previous ? current.previous : current.range,
    zoomed: true,
  };
}

/** Reset: back to the range before the zoom, or the default zoom window when none is stored. */
export function resetZoom(current: DashboardDateRange): DashboardDateRange {
  const back = current.previous ?? { index: ZOOM_DEFAULT_INDEX };
  const valid = dashboardDateRangeSchema.shape.range.safeParse(back);
  return { range: valid.success ? valid.data : { index: ZOOM_DEFAULT_INDEX }, previous: null, zoomed: false };
}
