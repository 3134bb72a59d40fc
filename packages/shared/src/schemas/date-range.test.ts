import { describe, expect, it } from 'vitest';
import { CUSTOM_RANGE_MAX_DAYS_BACK, TIME_RANGE_CUSTOM_INDEX, TIME_RANGE_MINUTES } from '../constants.js';
import { CUSTOM_RANGE_GRACE_MS, dateRangeIssues, dateRangeSchema, resolveDateRange } from './date-range.js';

const DAY = 24 * 60 * 60_000;
const now = Date.UTC(2026, 10, 25, 12);
const custom = (from?: number, to?: number) => ({
  index: TIME_RANGE_CUSTOM_INDEX,
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
});

describe('resolveDateRange', () => {
  it('ends a preset now and starts it its minutes before', () => {
    TIME_RANGE_MINUTES.forEach((minutes, index) => {
      expect(resolveDateRange({ index }, now)).toEqual({ from: now - minutes * 60_000, to: now });
    });
  });

  it('answers a custom range as given, and ignores from and to on a preset', () => {
    expect(resolveDateRange(custom(now - DAY, now), now)).toEqual({ from: now - DAY, to: now });
    expect(resolveDateRange({ index: 0, from: 1, to: 2 }, now)).toEqual({ from: now - 5 * 60_000, to: now });
  });

  it('throws on a range the schema would refuse', () => {
    expect(() => resolveDateRange(custom(now), now)).toThrow(RangeError);
    expect(() => resolveDateRange({ index: 42 }, now)).toThrow(RangeError);
  });
});

describe('dateRangeIssues', () => {
  it('takes a custom range inside the bounds, and a start on the earliest day the picker offers', () => {
    expect(dateRangeIssues(custom(now - CUSTOM_RANGE_MAX_DAYS_BACK * DAY, now + DAY), now)).toEqual([]);
    const earliest = now - CUSTOM_RANGE_MAX_DAYS_BACK * DAY - CUSTOM_RANGE_GRACE_MS;
    expect(dateRangeIssues(custom(earliest, now), now)).toEqual([]);
  });

  it('refuses a start beyond the days back, an end beyond tomorrow and an end before its start', () => {
    const tooEarly = now - CUSTOM_RANGE_MAX_DAYS_BACK * DAY - CUSTOM_RANGE_GRACE_MS - 1;
    expect(dateRangeIssues(custom(tooEarly, now), now)).toEqual([{ path: ['from'], message: 'range_too_early' }]);
    expect(dateRangeIssues(custom(now, now + 3 * DAY), now)).toEqual([{ path: ['to'], message: 'range_too_late' }]);
    expect(dateRangeIssues(custom(now, now), now)).toEqual([{ path: ['to'], message: 'range_order' }]);
    expect(dateRangeIssues(custom(), now)).toEqual([
      { path: ['from'], message: 'required' },
      { path: ['to'], message: 'required' },
    ]);
  });
});

describe('dateRangeSchema', () => {
  it('takes the presets and refuses an index past the custom one', () => {
    expect(dateRangeSchema.safeParse({ index: 0 }).success).toBe(true);
    expect(dateRangeSchema.safeParse({ index: TIME_RANGE_CUSTOM_INDEX + 1 }).success).toBe(false);
    expect(dateRangeSchema.safeParse({ index: 1.5 }).success).toBe(false);
  });

  it('reports the custom bounds with their field codes', () => {
    const result = dateRangeSchema.safeParse(custom(0, Date.now()));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', 'range_too_early'],
    ]);
  });
});
