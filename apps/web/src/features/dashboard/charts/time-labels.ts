/**
 * Times on a chart in the console's language and the browser's time zone. ECharts' own labels
 * know English and Simplified Chinese only, so the axis and the tooltip format times here.
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

/** A bucket in a tooltip: its date and the clock span it covers ("Nov 23, 2026, 14:05 – 14:10"). */
export function formatTooltipTime(start: number, bucketMs: number, language: string): string {
  const format = dateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', ...clock(bucketMs) });
  return format.formatRange(start, start + bucketMs);
}

/**
 * The part of a bucket the range covers, to the second: its ends are the range's, which fall
 * anywhere in a minute ("Nov 23, 2026, 14:02:25 – 14:15:00").
 */
export function formatTooltipSpan(start: number, end: number, language: string): string {
  const format = dateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', ...clock(1) });
  return format.formatRange(start, end);
}
