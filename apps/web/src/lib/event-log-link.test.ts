import {
  CUSTOM_RANGE_MAX_DAYS_BACK,
  DATE_RANGE_DEFAULT_INDEX,
  EVENT_FILTERS_MAX,
  EVENT_REQ_ID_MAX_LENGTH,
  EVENT_TEXT_MAX_LENGTH,
  TIME_RANGE_CUSTOM_INDEX,
  WAF_ACTION_CODES,
  type EventFilter,
} from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { eventLogHref, minuteAround, readEventLogLink, writeEventLogParams, type EventLogView } from './event-log-link';

const DAY_MS = 86_400_000;
const now = Date.now();
const hourAgo = now - 3_600_000;
const filters: EventFilter[] = [
  { field: 'country', op: 'is', value: 'DE' },
  { field: 'request_time', op: 'gt', value: 0.5 },
  { field: 'upstream_status', op: 'not_exists' },
];
const [DENY] = WAF_ACTION_CODES;
const read = (query: string) => readEventLogLink(new URLSearchParams(query));

describe('the event log in its address', () => {
  it('reads back every part it wrote', () => {
    const view: EventLogView = {
      range: { index: TIME_RANGE_CUSTOM_INDEX, from: hourAgo, to: now },
      filters,
      actions: [DENY, ''],
      search: { text: 'a b&c=d', deep: true },
    };
    expect(read(writeEventLogParams(view).toString())).toEqual({ view, refused: [] });
    const byId: Partial<EventLogView> = { range: { index: 0 }, search: { text: 'req-1', deep: false } };
    expect(read(writeEventLogParams(byId).toString())).toEqual({ view: byId, refused: [] });
  });

  it('leaves the defaults out, and keeps the parameters that are not its own', () => {
    const params = writeEventLogParams(
      { range: { index: DATE_RANGE_DEFAULT_INDEX }, filters: [], actions: [], search: { text: '', deep: false } },
      new URLSearchParams('groupName=acme&range=2&filters=%5B%5D&search=x&deep=1'),
    );
    expect(params.toString()).toBe('groupName=acme');
    expect(read('')).toEqual({ view: {}, refused: [] });
  });

  it('builds a link into one group', () => {
    const href = eventLogHref('a b', { range: { index: 5 }, filters: filters.slice(0, 1) });
    const url = new URL(href, 'http://console.test');
    expect(url.pathname).toBe('/event-logs');
    expect(url.searchParams.get('groupName')).toBe('a b');
    expect(read(url.search)).toEqual({ view: { range: { index: 5 }, filters: filters.slice(0, 1) }, refused: [] });
  });

  it('refuses a range the server would, whole, and keeps the other parts', () => {
    const tooOld = now - (CUSTOM_RANGE_MAX_DAYS_BACK + 2) * DAY_MS;
    const cases = [
      `range=${TIME_RANGE_CUSTOM_INDEX}&from=${tooOld}&to=${now}`,
      `range=${TIME_RANGE_CUSTOM_INDEX}&from=${now}&to=${hourAgo}`,
      `range=${TIME_RANGE_CUSTOM_INDEX}&from=${hourAgo}`,
      `range=${TIME_RANGE_CUSTOM_INDEX}&from=1e12&to=${now}`,
      `range=${TIME_RANGE_CUSTOM_INDEX + 1}`,
      'range=-1',
      'range=one',
      'range=',
    ];
    for (const query of cases) {
      expect(read(`${query}&search=r1`), query).toEqual({
        view: { search: { text: 'r1', deep: false } },
        refused: ['range'],
      });
    }
  });

  it('refuses filters that are not JSON, not filters, or too many', () => {
    const tooMany = Array.from({ length: EVENT_FILTERS_MAX + 1 }, (_, i) => ({ field: 'status', op: 'is', value: i }));
    for (const raw of [
      '[{"field":"country"',
      '{"field":"country","op":"is","value":"DE"}',
      '[{"field":"nope","op":"is","value":"x"}]',
      '[{"field":"country","op":"gt","value":1}]',
      '[{"field":"status","op":"is","value":"500"}]',
      JSON.stringify(tooMany),
    ]) {
      expect(read(`filters=${encodeURIComponent(raw)}&range=2`), raw).toEqual({
        view: { range: { index: 2 } },
        refused: ['filters'],
      });
    }
  });

  it('refuses an unknown action, and a search that is too long or empty for its kind', () => {
    expect(read(`action=${DENY}&action=deny`)).toEqual({ view: {}, refused: ['actions'] });
    expect(read(`action=${DENY}&action=${DENY}&action=`)).toEqual({ view: { actions: [DENY, ''] }, refused: [] });
    expect(read(`search=${'r'.repeat(EVENT_REQ_ID_MAX_LENGTH + 1)}`).refused).toEqual(['search']);
    expect(read(`search=${'r'.repeat(EVENT_REQ_ID_MAX_LENGTH + 1)}&deep=1`).view.search?.deep).toBe(true);
    expect(read(`search=${'r'.repeat(EVENT_TEXT_MAX_LENGTH + 1)}&deep=1`).refused).toEqual(['search']);
    expect(read('search=%20%20').refused).toEqual(['search']);
    expect(read('search=a&deep=yes').refused).toEqual(['search']);
    // Deep Search ticked, nothing typed yet: kept as it is.
    expect(read('deep=1')).toEqual({ view: { search: { text: '', deep: true } }, refused: [] });
    expect(writeEventLogParams({ search: { text: '', deep: true } }).toString()).toBe('deep=1');
  });

  it('puts one event in the minute that holds it', () => {
    const at = Date.UTC(2026, 10, 29, 21, 14, 33, 250);
    const range = minuteAround(at);
    expect(range).toEqual({
      index: TIME_RANGE_CUSTOM_INDEX,
      from: Date.UTC(2026, 10, 29, 21, 14),
      to: Date.UTC(2026, 10, 29, 21, 15),
    });
    expect(minuteAround(Date.UTC(2026, 10, 29, 21, 14))).toEqual(range);
  });
});
