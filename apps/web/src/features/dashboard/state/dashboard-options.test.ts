import { DEFAULT_DASHBOARD_FILTER_OPTIONS, TIME_RANGE_CUSTOM_INDEX, type DashboardDateRange } from '@parapet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { refetchIntervalFor, LIVE_REFRESH_MS } from '../api/live-refresh';
import { readDashboardOptions, resetZoom, zoomTo } from './dashboard-options';

const HOUR = 3_600_000;
const day: DashboardDateRange = { range: { index: 4 }, previous: null, zoomed: false };

describe('zoom', () => {
  it('keeps the range chosen before the first zoom through later zooms, and Reset returns to it', () => {
    const now = Date.now();
    const once = zoomTo(day, now - 5 * HOUR, now - 2 * HOUR);
    expect(once).toEqual({
      range: { index: TIME_RANGE_CUSTOM_INDEX, from: now - 5 * HOUR, to: now - 2 * HOUR },
      previous: { index: 4 },
      zoomed: true,
    });
    const twice = zoomTo(once, now - 4 * HOUR, now - 3 * HOUR);
    expect(twice.previous).toEqual({ index: 4 });
    expect(resetZoom(twice)).toEqual(day);
  });

  it('resets to the default zoom window, 3 days, when nothing was stored', () => {
    expect(
      resetZoom({ range: { index: TIME_RANGE_CUSTOM_INDEX, from: 1, to: 2 }, previous: null, zoomed: true }),
    ).toEqual({ range: { index: 5 }, previous: null, zoomed: false });
  });
});

describe('readDashboardOptions', () => {
  beforeEach(() => localStorage.clear());

  it('answers the defaults with nothing stored or something unreadable', () => {
    expect(readDashboardOptions()).toEqual(DEFAULT_DASHBOARD_FILTER_OPTIONS);
    localStorage.setItem('parapet.dashboardFilterOptions', '{not json');
    expect(readDashboardOptions()).toEqual(DEFAULT_DASHBOARD_FILTER_OPTIONS);
  });

  it("drops only the parts that no longer hold: a range too old for the picker, a bad tab's chart options", () => {
    const old = Date.now() - 90 * 24 * HOUR;
    localStorage.setItem(
      'parapet.dashboardFilterOptions',
      JSON.stringify({
        filters: [{ field: 'country', op: 'is', value: 'DE' }],
        dateRange: {
          range: { index: TIME_RANGE_CUSTOM_INDEX, from: old, to: old + HOUR },
          previous: null,
          zoomed: true,
        },
        chartOptions: {
          firewall: {
            visualization: 'area',
            metric: null,
            groupBy: 'none',
            termField: null,
            termSize: 10,
            groupByFilters: [],
          },
          overview: { visualization: 'pie' },
          nowhere: {
            visualization: 'line',
            metric: null,
            groupBy: 'none',
            termField: null,
            termSize: 10,
            groupByFilters: [],
          },
        },
        sourceListSize: 3,
      }),
    );
    const options = readDashboardOptions();
    expect(options.filters).toEqual([{ field: 'country', op: 'is', value: 'DE' }]);
    expect(options.dateRange).toEqual(DEFAULT_DASHBOARD_FILTER_OPTIONS.dateRange);
    expect(Object.keys(options.chartOptions)).toEqual(['firewall']);
    expect(options.sourceListSize).toBe(3);
  });
});

describe('refetchIntervalFor', () => {
  it('refreshes the last-5-minutes range only', () => {
    expect(refetchIntervalFor({ index: 0 })).toBe(LIVE_REFRESH_MS);
    expect(refetchIntervalFor({ index: 1 })).toBe(false);
    expect(refetchIntervalFor(undefined)).toBe(false);
  });
});
