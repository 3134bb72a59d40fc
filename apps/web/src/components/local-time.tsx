import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/format-time';

const neverChanges = () => () => undefined;

interface LocalTimeProps {
  /** Epoch ms, as the API sends every time. */
  value: number;
  /** The console's language by default. */
  language?: string;
  /** With seconds (default); list tables write whole minutes. */
  seconds?: boolean;
}

/**
 * A date and time in the browser's own time zone, written as the console writes instants
 * (`lib/format-time.ts`: 24-hour, the zone named), in a `<time>` whose `dateTime` is the UTC
 * instant. Every table and page that shows when something happened writes it here, so no list
 * shows a clock without its zone. The server that renders the dashboard's first view
 * (docs/server-render.md) does not know that zone: its view leaves the time out, and the browser
 * writes it in once it has taken the page over, so the two never disagree.
 */
export function LocalTime({ value, language, seconds = true }: LocalTimeProps) {
  const { i18n } = useTranslation();
  const inBrowser = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <time dateTime={new Date(value).toISOString()}>{formatInstant(language ?? i18n.language, value, { seconds })}</time>
  );
}
