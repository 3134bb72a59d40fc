import {
  DASHBOARD_CHOICES_COOKIE,
  DEFAULT_DASHBOARD_FILTER_OPTIONS,
  LOCALE_COOKIE,
  OWN_DASHBOARD_CHOICES,
} from '@parapet/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { writeDashboardOptions } from '@/features/dashboard/state/dashboard-options';
import { clearUserStorage, storeLocale } from './storage';

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );

afterEach(() => {
  for (const name of Object.keys(cookies()))
    document.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  localStorage.clear();
});

describe('what the device tells the server in cookies (docs/server-render.md)', () => {
  it('tells the language chosen here, and keeps it on signing out', () => {
    storeLocale('zh-TW');
    expect(cookies()[LOCALE_COOKIE]).toBe('zh-TW');
    clearUserStorage();
    expect(cookies()[LOCALE_COOKIE]).toBe('zh-TW');
  });

  it('says whether the dashboard’s choices are its own, whatever order they were written in', () => {
    writeDashboardOptions({
      ...DEFAULT_DASHBOARD_FILTER_OPTIONS,
      dateRange: { zoomed: false, previous: null, range: { index: 1 } },
    });
    expect(cookies()[DASHBOARD_CHOICES_COOKIE]).toBe(OWN_DASHBOARD_CHOICES);
    // Back to the defaults, keys in another order: nothing of its own any more.
    writeDashboardOptions({
      sourceListSize: DEFAULT_DASHBOARD_FILTER_OPTIONS.sourceListSize,
      chartOptions: {},
      dateRange: { zoomed: false, previous: null, range: DEFAULT_DASHBOARD_FILTER_OPTIONS.dateRange.range },
      filters: [],
    });
    expect(cookies()[DASHBOARD_CHOICES_COOKIE]).toBeUndefined();
  });

  it('forgets the dashboard’s choices with the rest of the user’s data on signing out', () => {
    writeDashboardOptions({ ...DEFAULT_DASHBOARD_FILTER_OPTIONS, sourceListSize: 10 });
    expect(cookies()[DASHBOARD_CHOICES_COOKIE]).toBe(OWN_DASHBOARD_CHOICES);
    clearUserStorage();
    expect(cookies()[DASHBOARD_CHOICES_COOKIE]).toBeUndefined();
  });
});
