import { describe, expect, it } from 'vitest';
import { EVENT_FILTERS_MAX, eventFilterSchema, eventFiltersSchema } from './event-queries.js';

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
