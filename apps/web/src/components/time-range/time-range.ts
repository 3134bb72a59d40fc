import {
  CUSTOM_RANGE_MAX_DAYS_AHEAD,
  CUSTOM_RANGE_MAX_DAYS_BACK,
  DATE_RANGE_DEFAULT_INDEX,
  TIME_RANGE_CUSTOM_INDEX,
  TIME_RANGE_MINUTES,
  type DateRange,
} from '@parapet/shared';
import type { Dayjs } from 'dayjs';

/** What the time range control holds: the shared DateRange (a preset index, or custom with its bounds). */
export type TimeRangeValue = DateRange;

export const DEFAULT_TIME_RANGE: TimeRangeValue = { index: DATE_RANGE_DEFAULT_INDEX };

/** Every index the control offers, the presets then custom. */
export const TIME_RANGE_INDEXES: readonly number[] = [...TIME_RANGE_MINUTES.keys(), TIME_RANGE_CUSTOM_INDEX];

/**
 * Days the custom picker offers, in the user's time zone: from the day CUSTOM_RANGE_MAX_DAYS_BACK
 * days ago through tomorrow (GLOSSARY §8.2). The server grants the whole first day too.
 */
export function isDayOutsideCustomRange(day: Dayjs, today: Dayjs): boolean {
  const first = today.startOf('day').subtract(CUSTOM_RANGE_MAX_DAYS_BACK, 'day');
  const last = today.endOf('day').add(CUSTOM_RANGE_MAX_DAYS_AHEAD, 'day');
  return day.isBefore(first) || day.isAfter(last);
}

/** The picker's format (GLOSSARY §8.2). */
export const CUSTOM_RANGE_FORMAT = 'YYYY-M-DD HH:mm';
