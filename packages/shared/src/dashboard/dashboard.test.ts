import { describe, expect, it } from 'vitest';
import { TIME_RANGE_MINUTES } from '../constants.js';
import { BUCKET_LADDER_MS, DASHBOARD_MAX_POINTS, bucketFor, bucketStarts } from './buckets.js';
import {
  DEFAULT_DASHBOARD_FILTER_OPTIONS,
  dashboardFilterOptionsSchema,
  defaultChartOptions,
} from './chart-options.js';
import { mergeFilters, tabRequests, tabStoreQueries } from './queries.js';
import {
  DASHBOARD_TABS,
  DASHBOARD_TAB_IDS,
  DASHBOARD_TAB_PATHS,
  NOT_ALLOWED_FILTER,
  WAF_EVENT_FILTER,
} from './tabs.js';

const MINUTE = 60_000;

describe('bucketFor', () => {
  it('keeps every preset range at or under the most points, whole minutes from an hour up', () => {
    for (const minutes of TIME_RANGE_MINUTES) {
      const bucket = bucketFor(0, minutes * MINUTE);
      expect((minutes * MINUTE) / bucket).toBeLessThanOrEqual(DASHBOARD_MAX_POINTS);
      if (minutes >= 60) expect(bucket % MINUTE).toBe(0);
    }
    expect(bucketFor(0, 5 * MINUTE)).toBe(5_000);
    expect(bucketFor(0, 60 * MINUTE)).toBe(MINUTE);
    expect(bucketFor(0, 1440 * MINUTE)).toBe(15 * MINUTE);
    expect(bucketFor(0, 4320 * MINUTE)).toBe(60 * MINUTE);
  });

  it('picks the smallest step that fits, so a range never gets fewer points than it could', () => {
    const span = 44 * 24 * 60 * MINUTE;
    const bucket = bucketFor(1_000, 1_000 + span);
    const smaller = BUCKET_LADDER_MS.filter((step) => step < bucket);
    expect(smaller.every((step) => span / step > DASHBOARD_MAX_POINTS)).toBe(true);
  });

  it('lists the epoch-aligned bucket starts of a range', () => {
    expect(bucketStarts(90_000, 250_000, MINUTE)).toEqual([60_000, 120_000, 180_000, 240_000]);
  });
});

describe('tabs', () => {
  it('gives each tab its own URL under /home, the overview at the root', () => {
    expect(DASHBOARD_TAB_PATHS.overview).toBe('/home');
    expect(new Set(Object.values(DASHBOARD_TAB_PATHS)).size).toBe(DASHBOARD_TAB_IDS.length);
    for (const id of DASHBOARD_TAB_IDS) expect(DASHBOARD_TABS[id].path.startsWith('/home')).toBe(true);
  });

  it('filters every firewall widget to WAF events other than allow', () => {
    const requests = tabRequests(DASHBOARD_TABS.firewall, { filters: [{ field: 'country', op: 'is', value: 'DE' }] });
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(request.filters).toContainEqual(WAF_EVENT_FILTER);
      expect(request.filters).toContainEqual(NOT_ALLOWED_FILTER);
      expect(request.filters).toContainEqual({ field: 'country', op: 'is', value: 'DE' });
    }
  });

  it('groups the main chart by the chosen term field, or one series per filter', () => {
    const tab = DASHBOARD_TABS.overview;
    const terms = tabRequests(tab, {
      filters: [],
      chartOptions: { ...defaultChartOptions(tab), groupBy: 'terms', termField: 'country', termSize: 3 },
    });
    expect(terms.find((r) => r.id === 'mainChart')).toMatchObject({
      groupBy: 'country',
      termSize: 3,
      metric: 'requests',
    });
    const byFilters = tabRequests(tab, {
      filters: [],
      chartOptions: {
        ...defaultChartOptions(tab),
        metric: 'dataUsage',
        groupBy: 'filters',
        groupByFilters: [
          { field: 'status', op: 'gt', value: 499 },
          { field: 'status', op: 'lt', value: 400 },
        ],
      },
    });
    const mains = byFilters.filter((r) => r.id.startsWith('mainChart'));
    expect(mains.map((r) => r.filters)).toEqual([
      [{ field: 'status', op: 'gt', value: 499 }],
      [{ field: 'status', op: 'lt', value: 400 }],
    ]);
    expect(mains.every((r) => r.kind === 'series' && r.metric === 'bytes')).toBe(true);
  });

  it('turns a tab into store queries over one range with the bucket of that range', () => {
    const queries = tabStoreQueries(
      DASHBOARD_TABS.acceleration,
      { groupName: 'g', from: 0, to: 1440 * MINUTE },
      { filters: [], sourceListSize: 3 },
    );
    const series = queries.filter((q) => q.kind === 'timeSeries');
    expect(series.length).toBeGreaterThan(0);
    for (const q of series) expect(q.kind === 'timeSeries' && q.query.bucketMs).toBe(15 * MINUTE);
    const cached = queries.find((q) => q.id === 'source:cachedUri');
    expect(cached).toMatchObject({
      kind: 'topN',
      query: { dimension: 'uri', n: 3, filters: [{ field: 'served_by', op: 'is', value: 'cache' }] },
    });
    // The same "from cache" as the tiles, and the uncached list is the rest.
    const tile = queries.find((q) => q.id === 'tile:cachedRequests');
    expect(tile && tile.kind === 'timeSeries' && tile.query.filters).toEqual([
      { field: 'served_by', op: 'is', value: 'cache' },
    ]);
    expect(queries.find((q) => q.id === 'source:uncachedUri')).toMatchObject({
      query: { filters: [{ field: 'served_by', op: 'is', value: 'origin' }] },
    });
  });

  it('joins filter lists with each filter once', () => {
    expect(mergeFilters([WAF_EVENT_FILTER], [WAF_EVENT_FILTER, NOT_ALLOWED_FILTER])).toEqual([
      WAF_EVENT_FILTER,
      NOT_ALLOWED_FILTER,
    ]);
  });
});

describe('dashboardFilterOptionsSchema', () => {
  it('takes the defaults and refuses a source list size other than 3, 5 or 10', () => {
    expect(dashboardFilterOptionsSchema.safeParse(DEFAULT_DASHBOARD_FILTER_OPTIONS).success).toBe(true);
    expect(
      dashboardFilterOptionsSchema.safeParse({ ...DEFAULT_DASHBOARD_FILTER_OPTIONS, sourceListSize: 4 }).success,
    ).toBe(false);
  });
});
