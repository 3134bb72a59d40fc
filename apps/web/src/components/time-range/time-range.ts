import {
  CUSTOM_RANGE_MAX_DAYS_AHEAD,
  CUSTOM_RANGE_MAX_DAYS_BACK,
  DATE_RANGE_DEFAULT_INDEX,
  TIME_RANGE_CUSTOM_INDEX,
  TIME_RANGE_MINUTES,
  dateRangeIssues,
  type DateRange,
  type DateRangeFieldCode,
} from '@parapet/shared';
import type { Dayjs } from 'dayjs';
import { isApiError } from '@/lib/api-client';

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

/**
 * Whether the whole of `day` lies before the oldest event the group's plan keeps (`keptFrom`,
 * epoch ms): the picker does not offer such a day, since nothing can show there. The day that
 * holds `keptFrom` is offered, its earlier part empty.
 */
export function isDayBeforeRetention(day: Dayjs, keptFrom: number | undefined): boolean {
  return keptFrom !== undefined && day.endOf('day').valueOf() < keptFrom;
}

/** The picker's format (GLOSSARY §8.2). */
export const CUSTOM_RANGE_FORMAT = 'YYYY-M-DD HH:mm';
/** The same with seconds, for a range that is not on whole minutes (a zoom into a few seconds). */
export const CUSTOM_RANGE_FORMAT_SECONDS = 'YYYY-M-DD HH:mm:ss';
/** Every form typing is read in: the two above, and both with a two-digit month ("2026-09-30"). */
export const CUSTOM_RANGE_TYPED_FORMATS: readonly string[] = [
  CUSTOM_RANGE_FORMAT,
  CUSTOM_RANGE_FORMAT_SECONDS,
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD HH:mm:ss',
];

/** What a refused range says, by its field code: the server's codes, and `required` for a missing end. */
export type RangeProblem = DateRangeFieldCode | 'required';

const MINUTE_MS = 60_000;

/**
 * The picker's format for a value: with seconds when an end is not on a whole minute, so the
 * picker shows the range the queries use rather than one rounded to the minute.
 */
export function customRangeFormat(value: TimeRangeValue): string {
  const ends = value.index === TIME_RANGE_CUSTOM_INDEX ? [value.from, value.to] : [];
  return ends.some((end) => end !== undefined && end % MINUTE_MS !== 0)
    ? CUSTOM_RANGE_FORMAT_SECONDS
    : CUSTOM_RANGE_FORMAT;
}

/**
 * Why the server would refuse a custom range at `now`, by the shared rule it validates with
 * (`dateRangeIssues`); undefined for a range it takes. The first problem is enough to say.
 */
export function customRangeProblem(from: number, to: number, now: number): RangeProblem | undefined {
  return dateRangeIssues({ index: TIME_RANGE_CUSTOM_INDEX, from, to }, now)[0]?.message;
}

/** The field code of a call refused for its range (`dateRange.from` / `dateRange.to`), if it was. */
export function refusedRangeCode(error: unknown): string | undefined {
  if (!isApiError(error) || !error.fields) return undefined;
  const entry = Object.entries(error.fields).find(([path]) => path === 'dateRange' || path.startsWith('dateRange.'));
  return entry?.[1];
}
