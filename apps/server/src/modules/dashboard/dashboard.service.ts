import {
  CHART_TERM_SIZE,
  FILTER_VALUES_MAX,
  resolveDateRange,
  storeQueryFor,
  type DashboardActivityAnswer,
  type DashboardActivityRequest,
  type DashboardFilterValuesAnswer,
  type DashboardFilterValuesRequest,
  type DashboardSeriesAnswer,
  type DashboardSeriesRequest,
  type DashboardTopAnswer,
  type DashboardTopRequest,
} from '@parapet/shared';
import type { EventStore } from '../event-store/event-store.js';

/**
 * The dashboard's reads. Each request becomes its store query through the shared
 * `storeQueryFor`, the function the benchmark uses too, so what is timed is what is served.
 * A preset range ends at `now`, read once per request; a read whose `signal` aborts is let go.
 */

const scopeOf = (request: { groupName: string; dateRange: DashboardSeriesRequest['dateRange'] }, now: number) => ({
  groupName: request.groupName,
  ...resolveDateRange(request.dateRange, now),
});

export async function readSeries(
  store: EventStore,
  request: DashboardSeriesRequest,
  now: number,
  signal?: AbortSignal,
): Promise<DashboardSeriesAnswer> {
  const scope = scopeOf(request, now);
  const built = storeQueryFor(
    {
      kind: 'series',
      id: 'series',
      metric: request.metric,
      filters: request.filters,
      ...(request.groupBy ? { groupBy: request.groupBy } : {}),
      // A group-by always has a term size: a field like the path could otherwise answer thousands of series.
      ...(request.groupBy ? { termSize: request.termSize ?? CHART_TERM_SIZE } : {}),
    },
    scope,
  );
  if (built.kind !== 'timeSeries') throw new Error('a series request made no time series');
  const points = await store.timeSeries(built.query, signal);
  return { from: scope.from, to: scope.to, bucketMs: built.query.bucketMs, points };
}

export async function readTop(
  store: EventStore,
  request: DashboardTopRequest,
  now: number,
  signal?: AbortSignal,
): Promise<DashboardTopAnswer> {
  const scope = scopeOf(request, now);
  const { dimension, n, metric, filters } = request;
  const built = storeQueryFor({ kind: 'top', id: 'top', dimension, n, metric, filters }, scope);
  if (built.kind !== 'topN') throw new Error('a top request made no top-N');
  const entries = await store.topN(built.query, signal);
  return { from: scope.from, to: scope.to, entries };
}

/** The field's most frequent values in the range, for the filter editor's suggestions. */
export async function readFilterValues(
  store: EventStore,
  request: DashboardFilterValuesRequest,
  now: number,
  signal?: AbortSignal,
): Promise<DashboardFilterValuesAnswer> {
  const entries = await store.topN(
    {
      ...scopeOf(request, now),
      filters: request.filters,
      dimension: request.field,
      n: FILTER_VALUES_MAX,
      metric: 'requests',
    },
    signal,
  );
  // An empty value is what `not_exists` is for; it is no suggestion for `is`.
  return { values: entries.filter((e) => e.key !== '').map((e) => ({ value: e.key, count: e.value })) };
}

export async function readActivity(
  store: EventStore,
  request: DashboardActivityRequest,
  now: number,
  signal?: AbortSignal,
): Promise<DashboardActivityAnswer> {
  const scope = scopeOf(request, now);
  const page = await store.search({ ...scope, filters: request.filters, limit: request.limit }, signal);
  const rows = page.rows.map((row) => ({
    req_id: row.req_id,
    timestamp: row.timestamp,
    server_name: row.server_name,
    client_ip: row.client_ip,
    country: row.country,
    method: row.method,
    uri: row.uri,
    status: row.status,
    action: row.action,
    type: row.type,
    rule: row.rule,
    reason: row.reason,
  }));
  return { from: scope.from, to: scope.to, rows };
}
