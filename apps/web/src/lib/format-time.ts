/**
 * Instants written for reading, one way in each language (docs/event-log.md, docs/charts.md):
 * the date, a 24-hour clock and the time zone's short name, in the browser's time zone:
 * "Nov 1, 2026, 01:30:00 EDT", "2026年11月1日 GMT-4 01:30:00". The zone is what tells the two
 * 01:30s of a night the clocks go back apart, and what a CSV's UTC times are compared with.
 * The event log, its drawer, the activity log and the charts' tooltips all write times here;
 * chart axis ticks stay short (a clock or a day) and the CSV stays ISO UTC.
 */

export interface InstantOptions {
  /** With seconds (default true); a chart bucket of whole minutes is written without. */
  seconds?: boolean;
  /** With milliseconds, where the order of events within a second matters (the event's detail). */
  ms?: boolean;
  /** An IANA zone, for tests; the browser's own by default. */
  timeZone?: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(language: string, { seconds = true, ms = false, timeZone }: InstantOptions) {
  const key = `${language}|${seconds}|${ms}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds || ms ? { second: '2-digit' } : {}),
      ...(ms ? { fractionalSecondDigits: 3 } : {}),
      hourCycle: 'h23',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** One instant: "Nov 1, 2026, 01:30:00 EDT". */
export function formatInstant(language: string, time: number, options: InstantOptions = {}): string {
  return instantFormat(language, options).format(time);
}

const zoneOf = (format: Intl.DateTimeFormat, time: number) =>
  format.formatToParts(time).find((part) => part.type === 'timeZoneName')?.value;

/** What the language puts between the two ends of a range written in full (" – " in English). */
function rangeSeparator(format: Intl.DateTimeFormat): string {
  // Two instants a year apart share nothing, so Intl writes both in full around its separator.
  const a = Date.UTC(2000, 0, 15);
  const b = Date.UTC(2001, 5, 15);
  const whole = format.formatRange(a, b);
  const [first, second] = [format.format(a), format.format(b)];
  return whole.startsWith(first) && whole.endsWith(second)
    ? whole.slice(first.length, whole.length - second.length)
    : ' – ';
}

/**
 * A span, the zone named: "Nov 1, 2026, 01:00 – 01:05 EDT". When its ends are in different
 * offsets (it crosses a daylight-saving change) each end is written whole with its zone, as
 * Intl alone wrote "01:55 – 01:00 EST", a span that read backwards.
 */
export function formatInstantRange(language: string, start: number, end: number, options: InstantOptions = {}): string {
  const format = instantFormat(language, options);
  if (zoneOf(format, start) === zoneOf(format, end)) return format.formatRange(start, end);
  return `${format.format(start)}${rangeSeparator(format)}${format.format(end)}`;
}
