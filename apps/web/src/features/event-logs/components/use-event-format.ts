import type { EventFilterField, StoredEvent } from '@parapet/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventValueLabel } from '@/components/event-filters/value-labels';
import { formatInstant } from '@/lib/format-time';
import { formatBytes, formatSeconds } from '@/lib/format-units';

const EMPTY = '-';

/**
 * Fields whose values read better by name (action codes, countries, the WAF type, a cache status
 * of '-' as the chips and charts name it, proxy types and reasons as the rule form names them).
 */
const LABELLED = new Set<keyof StoredEvent>(['action', 'type', 'country', 'cache_status', 'proxy_type', 'reason']);

/**
 * One event field as a person reads it, in the console's language: times by the console's one
 * instant formatter (24-hour, seconds, the zone; with `ms` the milliseconds too, which order
 * events within a second), durations and sizes with their units, codes by names, empty as "-".
 */
export function useEventFormat({ ms = false }: { ms?: boolean } = {}): (
  field: keyof StoredEvent,
  event: StoredEvent,
) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const valueLabel = useEventValueLabel();
  return useCallback(
    (field, event) => {
      const value = event[field];
      if (value === null || value === '') return EMPTY;
      if (field === 'timestamp') return formatInstant(language, event.timestamp, { ms });
      if (field === 'request_time' || field === 'upstream_response_time') return formatSeconds(Number(value), language);
      if (field === 'bytes_sent') return formatBytes(event.bytes_sent, language);
      if (field === 'req_headers') return JSON.stringify(event.req_headers);
      if (LABELLED.has(field)) return valueLabel(field as EventFilterField, String(value));
      return String(value);
    },
    [language, valueLabel, ms],
  );
}
