import { describe, expect, it } from 'vitest';
import { formatInstant, formatInstantRange } from './format-time';

// New York's clocks went back at 2026-11-01 06:00Z: 01:00–02:00 came twice, in EDT then EST.
const NY = { timeZone: 'America/New_York' };
const EDT_0130 = Date.parse('2026-11-01T05:30:00.000Z');
const EST_0130 = Date.parse('2026-11-01T06:30:00.000Z');
// Intl separates a range with thin spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatInstant', () => {
  it('writes one instant the same way in each language: 24-hour, seconds and the zone', () => {
    const at = Date.parse('2026-11-01T19:05:09Z');
    expect(formatInstant('en-US', at, { timeZone: 'UTC' })).toBe('Nov 1, 2026, 19:05:09 UTC');
    expect(formatInstant('zh-CN', at, { timeZone: 'Asia/Shanghai' })).toBe('2026年11月2日 GMT+8 03:05:09');
    expect(formatInstant('zh-TW', at, { timeZone: 'Asia/Taipei' })).toBe('2026年11月2日 03:05:09 [GMT+8]');
  });

  it('tells apart two instants an hour apart that share a clock time', () => {
    for (const language of ['en-US', 'zh-CN', 'zh-TW']) {
      expect(formatInstant(language, EDT_0130, NY)).not.toBe(formatInstant(language, EST_0130, NY));
    }
    expect(formatInstant('en-US', EDT_0130, NY)).toBe('Nov 1, 2026, 01:30:00 EDT');
    expect(formatInstant('en-US', EST_0130, NY)).toBe('Nov 1, 2026, 01:30:00 EST');
  });

  it('writes the milliseconds when asked, as the CSV has them', () => {
    expect(formatInstant('en-US', Date.parse('2026-11-01T12:00:00.999Z'), { ...NY, ms: true })).toBe(
      'Nov 1, 2026, 07:00:00.999 EST',
    );
  });
});

describe('formatInstantRange', () => {
  it('names the zone once for a span within one offset', () => {
    const start = Date.parse('2026-11-01T06:00:00Z');
    expect(plain(formatInstantRange('en-US', start, start + 300_000, { ...NY, seconds: false }))).toBe(
      'Nov 1, 2026, 01:00 – 01:05 EST',
    );
  });

  it('writes both ends with their zones across the clock change, never backwards or as an instant', () => {
    const fiveMinutes = formatInstantRange(
      'en-US',
      Date.parse('2026-11-01T05:55:00Z'),
      Date.parse('2026-11-01T06:00:00Z'),
      { ...NY, seconds: false },
    );
    expect(plain(fiveMinutes)).toBe('Nov 1, 2026, 01:55 EDT – Nov 1, 2026, 01:00 EST');
    const hour = formatInstantRange('en-US', Date.parse('2026-11-01T05:00:00Z'), Date.parse('2026-11-01T06:00:00Z'), {
      ...NY,
      seconds: false,
    });
    expect(plain(hour)).toBe('Nov 1, 2026, 01:00 EDT – Nov 1, 2026, 01:00 EST');
    const zh = formatInstantRange('zh-TW', Date.parse('2026-11-01T05:55:00Z'), Date.parse('2026-11-01T06:00:00Z'), {
      ...NY,
      seconds: false,
    });
    expect(zh).toContain('[EDT]');
    expect(zh).toContain('[EST]');
  });
});
