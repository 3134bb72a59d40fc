import { ALL_GROUPS, DASHBOARD_TABS, tabRequests } from '@parapet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { loadGroupContext } from '@/lib/tenancy/group-context';
import { resourceLimitsQueryOptions } from '@/lib/tenancy/resource-limits';
import { startingOptions } from '../state/dashboard-link';
import {
  firstShownRequests,
  tabOfPath,
  toActivityRequest,
  toSeriesRequest,
  toTopRequest,
  type CallScope,
} from '../tab-requests';
import { dashboardActivityQueryOptions } from './get-dashboard-activity';
import { dashboardSeriesQueryOptions } from './get-dashboard-series';
import { dashboardTopQueryOptions } from './get-dashboard-top';

/**
 * Starts every call the tab of `url` makes, for the group the guards resolved and the user's
 * stored choices with the view the address names, with the same query keys the widgets use, and the group's limits, whose plan
 * bounds the time range. The route's loader runs it while the
 * dashboard's code is still loading, so the answers are in (or on their way) when the tab first
 * renders instead of being asked for only then (docs/web-bench.md).
 */
export async function prefetchDashboard(queryClient: QueryClient, url: URL): Promise<void> {
  const { selected } = await loadGroupContext(queryClient, url);
  if (!selected || selected === ALL_GROUPS) return;
  const tab = DASHBOARD_TABS[tabOfPath(url.pathname)];
  const options = startingOptions(url.searchParams);
  const scope: CallScope = { groupName: selected, dateRange: options.dateRange.range };
  const requests = tabRequests(tab, {
    filters: options.filters,
    chartOptions: options.chartOptions[tab.id],
    sourceListSize: options.sourceListSize,
  });
  await Promise.all([
    // The plan's retention bounds the time range control (components/time-range).
    queryClient.prefetchQuery(resourceLimitsQueryOptions(selected)),
    ...firstShownRequests(tab, requests).map((request) => {
      switch (request.kind) {
        case 'series':
          return queryClient.prefetchQuery(dashboardSeriesQueryOptions(toSeriesRequest(scope, request)));
        case 'top':
          return queryClient.prefetchQuery(dashboardTopQueryOptions(toTopRequest(scope, request)));
        case 'activity':
          return queryClient.prefetchQuery(dashboardActivityQueryOptions(toActivityRequest(scope, request)));
      }
    }),
  ]);
}
