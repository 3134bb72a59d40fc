import { z } from 'zod';
import {
  CUSTOM_RANGE_MAX_DAYS_AHEAD,
  CUSTOM_RANGE_MAX_DAYS_BACK,
  TIME_RANGE_CUSTOM_INDEX,
  TIME_RANGE_MINUTES,
} from '../constants.js';

/**
 * The time range a query asks for (spec §4, GLOSSARY §8.2): a preset by its index into
 * TIME_RANGE_MINUTES, ending now, or the custom index with its own `from` and `to` (epoch ms).
 * `from` and `to` are read only with the custom index, so a control that keeps the last custom
 * choice while a preset is picked still sends a valid range.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The picker offers whole days in the user's time zone (44 days back through tomorrow), so the
 * first minute of its earliest day lies up to a day beyond the bound measured in hours from now.
 * The server grants that day rather than refuse a start the picker offered.
 */
export const CUSTOM_RANGE_GRACE_MS = DAY_MS;

/** Field codes of a range the server refuses; the console translates them under `fieldErrors.` */
export const DATE_RANGE_FIELD_CODES = ['range_too_early', 'range_too_late', 'range_order'] as const;
export type DateRangeFieldCode = (typeof DATE_RANGE_FIELD_CODES)[number];

const epochMs = z.number().int().nonnegative();

export const dateRangeSchema = z
  .object({
    /** 0-5: the presets of TIME_RANGE_MINUTES; TIME_RANGE_CUSTOM_INDEX: `from` and `to`. */
    index: z.number().int().min(0).max(TIME_RANGE_CUSTOM_INDEX),
    /** Custom range start, epoch ms, inclusive. */
    from: epochMs.optional(),
    /** Custom range end, epoch ms, exclusive. */
    to: epochMs.optional(),
  })
  .superRefine((range, ctx) => {
    for (const issue of dateRangeIssues(range, Date.now())) ctx.addIssue({ code: 'custom', ...issue });
  })
  .meta({ id: 'DateRange' });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** The earliest start and latest end a custom range may have at `now`, as the picker offers them. */
export function customRangeBounds(now: number): { earliest: number; latest: number } {
  return {
    earliest: now - CUSTOM_RANGE_MAX_DAYS_BACK * DAY_MS - CUSTOM_RANGE_GRACE_MS,
    latest: now + CUSTOM_RANGE_MAX_DAYS_AHEAD * DAY_MS + CUSTOM_RANGE_GRACE_MS,
  };
}

/** Every problem of a range at `now`, by field; none for a preset. */
export function dateRangeIssues(
  range: DateRange,
  now: number,
): { path: ['from' | 'to']; message: DateRangeFieldCode | 'required' }[] {
  if (range.index !== TIME_RANGE_CUSTOM_INDEX) return [];
  const issues: { path: ['from' | 'to']; message: DateRangeFieldCode | 'required' }[] = [];
  const { earliest, latest } = customRangeBounds(now);
  if (range.from === undefined) issues.push({ path: ['from'], message: 'required' });
  else if (range.from < earliest) issues.push({ path: ['from'], message: 'range_too_early' });
  if (range.to === undefined) issues.push({ path: ['to'], message: 'required' });
  else if (range.to > latest) issues.push({ path: ['to'], message: 'range_too_late' });
  else if (range.from !== undefined && range.from >= range.to) issues.push({ path: ['to'], message: 'range_order' });
  return issues;
}

/**
 * The `{ from, to }` epoch ms of a range at `now` (from inclusive, to exclusive); a preset ends
 * at `now`. Takes a range the schema accepted: anything else is a programming error and throws.
 */
export function resolveDateRange(range: DateRange, now: number): { from: number; to: number } {
  if (range.index === TIME_RANGE_CUSTOM_INDEX) {
    if (range.from === undefined || range.to === undefined) throw new RangeError('custom range without its bounds');
    return { from: range.from, to: range.to };
  }
  const minutes = TIME_RANGE_MINUTES[range.index];
  if (minutes === undefined) throw new RangeError(`no time range ${range.index}`);
  return { from: now - minutes * MINUTE_MS, to: now };
}
