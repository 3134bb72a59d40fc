import {
  DASHBOARD_TAB_IDS,
  DASHBOARD_TAB_PATHS,
  isNumericFilterField,
  type DashboardTabId,
  type DashboardActivityRequest,
  type DashboardSeriesRequest,
  type DashboardTab,
  type DashboardTopRequest,
  type DateRange,
  type EventDimension,
  type EventFilter,
  type TabActivityRequest,
  type TabRequest,
  type TabSeriesRequest,
  type TabTopRequest,
} from '@parapet/shared';
import type { SelectOp } from './charts';

/** The tab of a path under /home; an unknown one is the overview (the router only routes the six). */
export function tabOfPath(pathname: string): DashboardTabId {
  const path = pathname.replace(/\/+$/, '');
  return DASHBOARD_TAB_IDS.find((id) => DASHBOARD_TAB_PATHS[id] === path) ?? 'overview';
}

/** The group and range every call of the page carries. */
export interface CallScope {
  groupName: string;
  dateRange: DateRange;
}

/**
 * A tab's source lists: those of a plain field share the by-source card, which shows (and asks
 * for) one at a time, the first until another is chosen; a list with filters of its own (cached
 * URIs) has its own card.
 */
export function sourceLists(tab: DashboardTab, requests: TabRequest[]) {
  const withOwnFilters = new Set(tab.sourceLists.filter((l) => l.filters.length > 0).map((l) => `source:${l.id}`));
  const lists = requests.filter((r): r is TabTopRequest => r.kind === 'top' && r.id.startsWith('source:'));
  return {
    bySource: lists.filter((r) => !withOwnFilters.has(r.id)),
    ownLists: lists.filter((r) => withOwnFilters.has(r.id)),
  };
}

/** What a tab asks for when it first shows: every request but the by-source lists not chosen. */
export function firstShownRequests(tab: DashboardTab, requests: TabRequest[]): TabRequest[] {
  const hidden = new Set(sourceLists(tab, requests).bySource.slice(1));
  return requests.filter((r) => !hidden.has(r as TabTopRequest));
}

export const toSeriesRequest = (scope: CallScope, r: TabSeriesRequest): DashboardSeriesRequest => ({
  ...scope,
  filters: r.filters,
  metric: r.metric,
  ...(r.groupBy ? { groupBy: r.groupBy } : {}),
  ...(r.groupBy && r.termSize !== undefined ? { termSize: r.termSize } : {}),
});

export const toTopRequest = (scope: CallScope, r: TabTopRequest): DashboardTopRequest => ({
  ...scope,
  filters: r.filters,
  dimension: r.dimension,
  n: r.n,
  metric: r.metric,
});

export const toActivityRequest = (scope: CallScope, r: TabActivityRequest): DashboardActivityRequest => ({
  ...scope,
  filters: r.filters,
  limit: r.limit,
});

/**
 * The filter a click on a value asks for. A number field compares with the number; the empty
 * value (a request without a referer, say) becomes "does not exist" / "exists".
 */
export function filterForValue(field: EventDimension, key: string, op: SelectOp): EventFilter {
  if (key === '') return { field, op: op === 'is' ? 'not_exists' : 'exists' };
  if (isNumericFilterField(field)) {
    const value = Number(key);
    if (Number.isFinite(value)) return { field, op, value };
  }
  return { field, op, value: key };
}
