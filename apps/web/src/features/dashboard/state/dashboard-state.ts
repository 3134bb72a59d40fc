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
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ownParams, startAt, writeDashboardParams, type DashboardLinkPart } from './dashboard-link';
import { resetZoom, sameOptions, writeDashboardOptions, zoomTo } from './dashboard-options';

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
  /** The parts of the address's view that could not be used, until the user closes the notice. */
  linkRefused: DashboardLinkPart[];
  dismissLinkRefused: () => void;
}

/**
 * The dashboard's choices with their setters; every change is saved for the user at once, and
 * the range and the filters are kept in the page's address (dashboard-link.ts). The address the
 * page opens at decides what it shows first, so a reload or a copied link shows the same figures;
 * from then on the choices rule and every change replaces the address. An address reached while
 * the page is open (a tab, the menu's plain link) is rewritten, never read: a tab clicked in the
 * instant after a change carries the address from before it, and reading that back would undo
 * the change.
 */
export function useDashboardStateStore(): DashboardState {
  const [params, setParams] = useSearchParams();
  const [start] = useState(() => startAt(params));
  const [options, setOptions] = useState<DashboardFilterOptions>(start.options);
  const [linkRefused, setLinkRefused] = useState<DashboardLinkPart[]>(start.link?.refused ?? []);

  const update = useCallback((change: (current: DashboardFilterOptions) => DashboardFilterOptions) => {
    setOptions((current) => {
      const next = change(current);
      writeDashboardOptions(next);
      return next;
    });
  }, []);

  // The view a link opened becomes the user's, as any change of theirs does.
  useEffect(() => {
    if (!sameOptions(start.options, start.kept)) writeDashboardOptions(start.options);
  }, [start]);

  const shown = ownParams(writeDashboardParams(options));
  const inAddress = ownParams(params);
  useEffect(() => {
    if (inAddress !== shown) setParams((prev) => writeDashboardParams(options, prev), { replace: true });
  }, [inAddress, shown, options, setParams]);

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
      linkRefused,
      dismissLinkRefused: () => setLinkRefused([]),
    }),
    [options, addFilter, update, linkRefused],
  );
}

export const DashboardStateContext = createContext<DashboardState | null>(null);

/** The dashboard's state, from the page shell around every tab. */
export function useDashboardState(): DashboardState {
  const state = useContext(DashboardStateContext);
  if (!state) throw new Error('useDashboardState outside the dashboard page');
  return state;
}
