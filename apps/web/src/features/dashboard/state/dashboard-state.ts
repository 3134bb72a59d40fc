import {
  DASHBOARD_FILTERS_MAX,
  sameFilter,
  type ChartOptions,
  type DashboardFilterOptions,
  type DashboardTabId,
  type DateRange,
  type EventFilter,
  type SourceListSize,
} from '@parapet/shared';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { readDashboardOptions, resetZoom, writeDashboardOptions, zoomTo } from './dashboard-options';

/** What a click on a series or a list row did with its filter. */
export type AddFilterResult = 'added' | 'duplicate' | 'full';

export interface DashboardState {
  options: DashboardFilterOptions;
  setFilters: (filters: EventFilter[]) => void;
  /** Click-to-filter: adds the filter unless it is there already or the bar is full. */
  addFilter: (filter: EventFilter) => AddFilterResult;
  /** A range picked by hand; any zoom is forgotten. */
  setRange: (range: DateRange) => void;
  zoom: (from: number, to: number) => void;
  resetZoom: () => void;
  setChartOptions: (tab: DashboardTabId, options: ChartOptions) => void;
  setSourceListSize: (size: SourceListSize) => void;
}

/** The dashboard's choices with their setters; every change is saved for the user at once. */
export function useDashboardStateStore(): DashboardState {
  const [options, setOptions] = useState<DashboardFilterOptions>(readDashboardOptions);

  const update = useCallback((change: (current: DashboardFilterOptions) => DashboardFilterOptions) => {
    setOptions((current) => {
      const next = change(current);
      writeDashboardOptions(next);
      return next;
    });
  }, []);

  const addFilter = useCallback(
    (filter: EventFilter): AddFilterResult => {
      if (options.filters.some((f) => sameFilter(f, filter))) return 'duplicate';
      if (options.filters.length >= DASHBOARD_FILTERS_MAX) return 'full';
      update((current) => ({ ...current, filters: [...current.filters, filter] }));
      return 'added';
    },
    [options.filters, update],
  );

  return useMemo(
    () => ({
      options,
      setFilters: (filters) => update((current) => ({ ...current, filters })),
      addFilter,
      setRange: (range) => update((current) => ({ ...current, dateRange: { range, previous: null, zoomed: false } })),
      zoom: (from, to) => update((current) => ({ ...current, dateRange: zoomTo(current.dateRange, from, to) })),
      resetZoom: () => update((current) => ({ ...current, dateRange: resetZoom(current.dateRange) })),
      setChartOptions: (tab, chart) =>
        update((current) => ({ ...current, chartOptions: { ...current.chartOptions, [tab]: chart } })),
      setSourceListSize: (sourceListSize) => update((current) => ({ ...current, sourceListSize })),
    }),
    [options, addFilter, update],
  );
}

export const DashboardStateContext = createContext<DashboardState | null>(null);

/** The dashboard's state, from the page shell around every tab. */
export function useDashboardState(): DashboardState {
  const state = useContext(DashboardStateContext);
  if (!state) throw new Error('useDashboardState outside the dashboard page');
  return state;
}
