import { describe, expect, it } from 'vitest';
import { EVENT_FILTER_NUMBER_MAX, EVENT_FILTERS_MAX, eventFilterSchema, eventFiltersSchema } from './event-queries.js';

const ok = (filter: Record<string, unknown>) => eventFilterSchema.safeParse(filter).success;

describe('eventFilterSchema', () => {
  it('takes a value for is and is_not, none needed for exists and not_exists', () => {
    expect(ok({ field: 'country', op: 'is', value: 'CN' })).toBe(true);
    expect(ok({ field: 'country', op: 'is_not', value: '' })).toBe(true);
    expect(ok({ field: 'country', op: 'is' })).toBe(false);
    expect(ok({ field: 'country', op: 'exists' })).toBe(true);
    expect(ok({ field: 'upstream_response_time', op: 'not_exists' })).toBe(true);
  });

  it('allows gt and lt on the numeric fields only, with a number', () => {
    expect(ok({ field: 'request_time', op: 'gt', value: 0.5 })).toBe(true);
    expect(ok({ field: 'status', op: 'lt', value: 500 })).toBe(true);
    expect(ok({ field: 'status', op: 'is', value: '500' })).toBe(false);
    expect(ok({ field: 'request_time', op: 'gt', value: '0.5' })).toBe(false);
    expect(ok({ field: 'country', op: 'gt', value: 1 })).toBe(false);
    expect(ok({ field: 'uri', op: 'lt', value: 1 })).toBe(false);
  });

  it('refuses a number no stored field can hold, naming which end it passed', () => {
    const problem = (value: number) =>
      eventFilterSchema.safeParse({ field: 'bytes_sent', op: 'gt', value }).error?.issues[0]?.message;
    expect(problem(0)).toBeUndefined();
    expect(problem(EVENT_FILTER_NUMBER_MAX)).toBeUndefined();
    expect(problem(-0.5)).toBe('too_small');
    expect(problem(EVENT_FILTER_NUMBER_MAX + 2)).toBe('too_big');
    expect(problem(1e20)).toBe('too_big');
  });

  it('refuses a value exists and not_exists would ignore, and a status code that is not whole', () => {
    const problem = (filter: Record<string, unknown>) => eventFilterSchema.safeParse(filter).error?.issues[0]?.message;
    expect(problem({ field: 'country', op: 'exists', value: 'US' })).toBe('unknown_key');
    expect(problem({ field: 'status', op: 'is', value: 403.5 })).toBe('not_whole_number');
    expect(problem({ field: 'status', op: 'gt', value: 499 })).toBeUndefined();
    expect(problem({ field: 'request_time', op: 'gt', value: 0.25 })).toBeUndefined();
  });

  it('refuses a field or operator outside the whitelist', () => {
    expect(ok({ field: 'group_name', op: 'is', value: 'other' })).toBe(false);
    expect(ok({ field: 'req_headers', op: 'exists' })).toBe(false);
    expect(ok({ field: 'country', op: 'like', value: '%' })).toBe(false);
  });

  it('bounds the number of filters', () => {
    const filter = { field: 'country', op: 'exists' };
    expect(eventFiltersSchema.safeParse(Array(EVENT_FILTERS_MAX).fill(filter)).success).toBe(true);
    expect(eventFiltersSchema.safeParse(Array(EVENT_FILTERS_MAX + 1).fill(filter)).success).toBe(false);
  });
});
