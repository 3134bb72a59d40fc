import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs of Service Setting (spec §2), each with its own URL through the `tab` query parameter. */
export const TAB_KEYS = ['overview', 'origin', 'ssl', 'firewall', 'cache', 'advanced', 'html', 'domains'] as const;
export type TabKey = (typeof TAB_KEYS)[number];
export const TAB_PARAM = 'tab';

/**
 * The tab the URL names (Overview when none or an unknown one), and a way to go to another
 * that keeps the path and the other query parameters (the selected group), so a reload or a
 * shared link opens the same tab.
 */
export function useTabParam(): [TabKey, (tab: TabKey) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(TAB_PARAM);
  const tab = TAB_KEYS.find((key) => key === value) ?? 'overview';
  const setTab = useCallback(
    (next: TabKey) =>
      setParams((prev) => {
        const query = new URLSearchParams(prev);
        query.set(TAB_PARAM, next);
        return query;
      }),
    [setParams],
  );
  return [tab, setTab];
}
