import type { EventDimension, EventFilter, EventMetric } from '../schemas/event-queries.js';
import { bucketFor } from './buckets.js';
import {
  CHART_METRIC_TO_EVENT_METRIC,
  SOURCE_LIST_SIZE_DEFAULT,
  defaultChartOptions,
  type ChartOptions,
} from './chart-options.js';
import { DASHBOARD_ACTIVITY_LIMIT, type DashboardTab } from './tabs.js';

/**
 * What a tab asks the API for, and the same as store queries. The page turns the requests into
 * calls; the benchmark turns the store queries into the store calls the server makes for them,
 * so what it times is what the page runs.
 */

/** A series request without its group and range, the part a tab decides. */
export interface TabSeriesRequest {
  kind: 'series';
  /** Names the widget: `mainChart`, `mainChart:<n>` for a filters group-by, `tile:<id>`. */
  id: string;
  metric: EventMetric;
  groupBy?: EventDimension;
  termSize?: number;
  filters: EventFilter[];
}

export interface TabTopRequest {
  kind: 'top';
  /** `breakdown:<id>` or `source:<id>`. */
  id: string;
  dimension: EventDimension;
  n: number;
  metric: EventMetric;
  filters: EventFilter[];
}

export interface TabActivityRequest {
  kind: 'activity';
  id: 'activity';
  limit: number;
  filters: EventFilter[];
}

export type TabRequest = TabSeriesRequest | TabTopRequest | TabActivityRequest;

export interface TabChoices {
  /** The user's filters. */
  filters: readonly EventFilter[];
  /** The tab's chart options; the tab's defaults when absent. */
  chartOptions?: ChartOptions | undefined;
  sourceListSize?: number;
}

const filterKey = (filter: EventFilter): string => JSON.stringify([filter.field, filter.op, filter.value ?? null]);

/** Filter lists joined, each filter once. */
export function mergeFilters(...lists: readonly (readonly EventFilter[])[]): EventFilter[] {
  const seen = new Set<string>();
  const merged: EventFilter[] = [];
  for (const filter of lists.flat()) {
    const key = filterKey(filter);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(filter);
  }
  return merged;
}

/** Whether two filters say the same (the chip bar refuses a duplicate). */
export const sameFilter = (a: EventFilter, b: EventFilter): boolean => filterKey(a) === filterKey(b);

/** The metric the main chart and the source lists use: the user's choice, else the tab's. */
export function tabMetric(tab: DashboardTab, options: ChartOptions | undefined): EventMetric {
  return options?.metric ? CHART_METRIC_TO_EVENT_METRIC[options.metric] : tab.mainChart.metric;
}

function mainChartRequests(tab: DashboardTab, options: ChartOptions, filters: EventFilter[]): TabSeriesRequest[] {
  const metric = tabMetric(tab, options);
  if (options.groupBy === 'terms' && options.termField) {
    return [
      { kind: 'series', id: 'mainChart', metric, groupBy: options.termField, termSize: options.termSize, filters },
    ];
  }
  if (options.groupBy === 'filters' && options.groupByFilters.length > 0) {
    return options.groupByFilters.map((extra, index) => ({
      kind: 'series',
      id: `mainChart:${index}`,
      metric,
      filters: mergeFilters(filters, [extra]),
    }));
  }
  return [{ kind: 'series', id: 'mainChart', metric, filters }];
}

/** Every request a tab makes for the user's choices. */
export function tabRequests(tab: DashboardTab, choices: TabChoices): TabRequest[] {
  const options = choices.chartOptions ?? defaultChartOptions(tab);
  const scope = mergeFilters(tab.baseFilters, choices.filters);
  const metric = tabMetric(tab, options);
  const size = choices.sourceListSize ?? SOURCE_LIST_SIZE_DEFAULT;
  const requests: TabRequest[] = [
    ...tab.tiles.map((tile): TabSeriesRequest => ({
      kind: 'series',
      id: `tile:${tile.id}`,
      metric: tile.metric,
      filters: mergeFilters(scope, tile.filters),
    })),
    ...mainChartRequests(tab, options, scope),
    ...tab.breakdowns.map((breakdown): TabTopRequest => ({
      kind: 'top',
      id: `breakdown:${breakdown.id}`,
      dimension: breakdown.dimension,
      n: breakdown.size,
      metric: breakdown.metric,
      filters: scope,
    })),
    ...tab.sourceLists.map((source): TabTopRequest => ({
      kind: 'top',
      id: `source:${source.id}`,
      dimension: source.dimension,
      n: size,
      metric,
      filters: mergeFilters(scope, source.filters),
    })),
  ];
  if (tab.activityLog)
    requests.push({ kind: 'activity', id: 'activity', limit: DASHBOARD_ACTIVITY_LIMIT, filters: scope });
  return requests;
}

interface StoreScope {
  groupName: string;
  from: number;
  to: number;
}

/** The store calls behind one tab request (the shapes of the server's EventStore queries). */
export type DashboardStoreQuery =
  | {
      id: string;
      kind: 'timeSeries';
      query: StoreScope & {
        filters: EventFilter[];
        bucketMs: number;
        metric: EventMetric;
        groupBy?: EventDimension;
        termSize?: number;
      };
    }
  | {
      id: string;
      kind: 'topN';
      query: StoreScope & { filters: EventFilter[]; dimension: EventDimension; n: number; metric: EventMetric };
    }
  | { id: string; kind: 'search'; query: StoreScope & { filters: EventFilter[]; limit: number } };

/** The store query the server runs for one request over [from, to). */
export function storeQueryFor(request: TabRequest, scope: StoreScope): DashboardStoreQuery {
  const { id, filters } = request;
  switch (request.kind) {
    case 'series': {
      const { metric, groupBy, termSize } = request;
      const bucketMs = bucketFor(scope.from, scope.to);
      return {
        id,
        kind: 'timeSeries',
        query: {
          ...scope,
          filters,
          bucketMs,
          metric,
          ...(groupBy ? { groupBy } : {}),
          ...(termSize !== undefined ? { termSize } : {}),
        },
      };
    }
    case 'top':
      return {
        id,
        kind: 'topN',
        query: { ...scope, filters, dimension: request.dimension, n: request.n, metric: request.metric },
      };
    case 'activity':
      return { id, kind: 'search', query: { ...scope, filters, limit: request.limit } };
  }
}

/** Every store query a tab runs for one group, range and the user's choices. */
export function tabStoreQueries(tab: DashboardTab, scope: StoreScope, choices: TabChoices): DashboardStoreQuery[] {
  return tabRequests(tab, choices).map((request) => storeQueryFor(request, scope));
}
