import {
  isNumericFilterField,
  type DashboardActivityRequest,
  type DashboardSeriesRequest,
  type DashboardTopRequest,
  type DateRange,
  type EventDimension,
  type EventFilter,
  type TabActivityRequest,
  type TabSeriesRequest,
  type TabTopRequest,
} from '@parapet/shared';
import type { SelectOp } from './charts';

/** The group and range every call of the page carries. */
export interface CallScope {
  groupName: string;
  dateRange: DateRange;
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
