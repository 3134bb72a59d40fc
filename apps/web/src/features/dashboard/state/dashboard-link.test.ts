import {
  CUSTOM_RANGE_MAX_DAYS_BACK,
  DASHBOARD_FILTERS_MAX,
  DEFAULT_DASHBOARD_FILTER_OPTIONS,
  TIME_RANGE_CUSTOM_INDEX,
  type DashboardFilterOptions,
  type EventFilter,
} from '@parapet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ownParams, readDashboardLink, startingOptions, withLink, writeDashboardParams } from './dashboard-link';

const read = (query: string) => readDashboardLink(new URLSearchParams(query));
const DAY = 86_400_000;
const germany: EventFilter = { field: 'country', op: 'is', value: 'DE' };
const options = (change: Partial<DashboardFilterOptions>): DashboardFilterOptions => ({
  ...DEFAULT_DASHBOARD_FILTER_OPTIONS,
  ...change,
});

describe('the dashboard in its address', () => {
  beforeEach(() => localStorage.clear());

  it('reads back what it writes: a preset, a custom range and the filters, with the group kept', () => {
    const to = Date.now() - DAY;
    const view = options({
      dateRange: { range: { index: TIME_RANGE_CUSTOM_INDEX, from: to - DAY, to }, previous: null, zoomed: false },
      filters: [germany, { field: 'status', op: 'gt', value: 499 }],
    });
    const params = writeDashboardParams(view, new URLSearchParams('groupName=alpha'));
    expect(params.get('groupName')).toBe('alpha');
    expect(read(params.toString())).toEqual({ range: view.dateRange.range, filters: view.filters, refused: [] });
    const threeDays = options({ dateRange: { range: { index: 5 }, previous: null, zoomed: false } });
    expect(writeDashboardParams(threeDays).toString()).toBe('range=5');
    expect(read('range=5')).toEqual({ range: { index: 5 }, filters: [], refused: [] });
  });

  it('leaves the defaults out, so the plain address stays plain and shows what the user kept', () => {
    expect(writeDashboardParams(DEFAULT_DASHBOARD_FILTER_OPTIONS, new URLSearchParams('groupName=a')).toString()).toBe(
      'groupName=a',
    );
    expect(read('groupName=a')).toBeUndefined();
    // A part left out of a link is at its default: the link means the same to whoever opens it.
    expect(read(`filters=${encodeURIComponent(JSON.stringify([germany]))}`)).toEqual({
      range: { index: 4 },
      filters: [germany],
      refused: [],
    });
  });

  it('refuses what the dashboard cannot show, part by part, leaving it at its default', () => {
    const tooOld = Date.now() - (CUSTOM_RANGE_MAX_DAYS_BACK + 2) * DAY;
    const filters = encodeURIComponent(JSON.stringify([germany]));
    for (const range of ['range=9', 'range=-1', 'range=1e0', `range=6&from=${tooOld}&to=${tooOld + DAY}`, 'range=6'])
      expect(read(`${range}&filters=${filters}`)).toEqual({
        range: { index: 4 },
        filters: [germany],
        refused: ['range'],
      });
    const many = Array.from({ length: DASHBOARD_FILTERS_MAX + 1 }, (_, i) => ({ ...germany, value: `C${i}` }));
    for (const bad of [
      'not json',
      JSON.stringify([{ field: 'secret', op: 'is', value: 'x' }]),
      JSON.stringify(many),
      // The event log's one-request fields are not the dashboard's.
      JSON.stringify([{ field: 'req_id', op: 'is', value: 'abc' }]),
    ])
      expect(read(`range=2&filters=${encodeURIComponent(bad)}`)).toEqual({
        range: { index: 2 },
        filters: [],
        refused: ['filters'],
      });
  });

  it('compares addresses by their own parameters alone, in writing order', () => {
    const a = new URLSearchParams('filters=%5B%5D&groupName=x&range=2');
    const b = new URLSearchParams('range=2&filters=%5B%5D&other=1');
    expect(ownParams(a)).toBe(ownParams(b));
    expect(ownParams(new URLSearchParams('groupName=x'))).toBe('');
  });

  it("puts a link's view over the user's choices, keeping a zoom of the same range", () => {
    const zoomed = { index: TIME_RANGE_CUSTOM_INDEX, from: Date.now() - 2 * DAY, to: Date.now() - DAY };
    const kept = options({
      filters: [germany],
      dateRange: { range: zoomed, previous: { index: 2 }, zoomed: true },
      sourceListSize: 10,
    });
    expect(withLink(kept, { range: zoomed, filters: [], refused: [] })).toEqual({ ...kept, filters: [] });
    expect(withLink(kept, { range: { index: 1 }, filters: [germany], refused: [] })).toEqual({
      ...kept,
      dateRange: { range: { index: 1 }, previous: null, zoomed: false },
    });
  });

  it('starts from the kept choices, with the view an address names over them', () => {
    const kept = options({ filters: [germany], sourceListSize: 10 });
    localStorage.setItem('parapet.dashboardFilterOptions', JSON.stringify(kept));
    expect(startingOptions(new URLSearchParams('groupName=a'))).toEqual(kept);
    expect(startingOptions(new URLSearchParams('range=3'))).toEqual({
      ...kept,
      filters: [],
      dateRange: { range: { index: 3 }, previous: null, zoomed: false },
    });
  });
});
