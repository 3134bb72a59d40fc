import { formatInstantRange } from '@/lib/format-time';

/**
 * Times on a chart in the console's language and the browser's time zone. ECharts' own labels
 * know English and Simplified Chinese only, so the axis and the tooltip format times here: the
 * axis short, the tooltip through `lib/format-time.ts` with its zone.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

const clock = (bucketMs: number): Intl.DateTimeFormatOptions => ({
  hour: '2-digit',
  minute: '2-digit',
  ...(bucketMs < MINUTE_MS ? { second: '2-digit' } : {}),
  hourCycle: 'h23',
});

const isMidnight = (time: number) => {
  const date = new Date(time);
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0;
};

/**
 * An axis tick: the clock ("14:05"), or the date ("Nov 23", "11月23日") where a day begins on a
 * chart longer than an hour, so a multi-day axis still says which day is which.
 */
export function formatTimeTick(time: number, spanMs: number, bucketMs: number, language: string): string {
  if (spanMs > HOUR_MS && isMidnight(time))
    return dateTimeFormat(language, { month: 'short', day: 'numeric' }).format(time);
  return dateTimeFormat(language, clock(bucketMs)).format(time);
}

/**
 * A bucket in a tooltip: its date, the clock span it covers and the zone, through the console's
 * one instant formatter ("Nov 23, 2026, 14:05 – 14:10 EST"). A bucket across a clock change names
 * both zones ("01:00 EDT – 01:00 EST") rather than reading as an instant or backwards.
 */
export function formatTooltipTime(start: number, bucketMs: number, language: string, timeZone?: string): string {
  return formatInstantRange(language, start, start + bucketMs, {
    seconds: bucketMs < MINUTE_MS,
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * The part of a bucket the range covers, to the second: its ends are the range's, which fall
 * anywhere in a minute ("Nov 23, 2026, 14:02:25 – 14:15:00 UTC").
 */
export function formatTooltipSpan(start: number, end: number, language: string, timeZone?: string): string {
  return formatInstantRange(language, start, end, timeZone ? { timeZone } : {});
}
