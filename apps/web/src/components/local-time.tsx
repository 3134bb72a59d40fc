import { useSyncExternalStore } from 'react';
import { formatDateTime } from '@/lib/format-values';

const neverChanges = () => () => undefined;

/**
 * A date and time in the browser's own time zone. The server that renders the dashboard's first
 * view (docs/server-render.md) does not know that zone: its view leaves the time out, and the
 * browser writes it in once it has taken the page over, so the two never disagree.
 */
export function LocalTime({ value, language }: { value: number; language: string }) {
  const inBrowser = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return inBrowser ? formatDateTime(language, value) : null;
}
