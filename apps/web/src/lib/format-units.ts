import type { EventMetric } from '@parapet/shared';
import { i18n } from './i18n';

/**
 * Numbers with their units in the console's language. Digits, grouping and compact forms come
 * from the browser's Intl (CLDR: 12.3K in English, 1.2万 in Simplified Chinese); the unit words
 * come from the `charts` namespace so a translator can change them.
 *
 * Bytes step by 1024 (1 KB = 1024 B), as operating systems and most CDN consoles count data
 * usage. Transfer rates are in bits per second and step by 1000 (1 Kbps = 1000 bps), as links
 * are sold.
 */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const BIT_RATE_UNITS = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'] as const;
const BYTE_STEP = 1024;
const BIT_RATE_STEP = 1000;
const BITS_PER_BYTE = 8;
const MS_PER_SECOND = 1000;

export interface UnitOptions {
  /** 12.3K instead of 12,345 (axes, tiles); full figures are for tooltips and lists. */
  compact?: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build and a chart formats hundreds of numbers per render. */
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

const unitText = (language: string) => i18n.getFixedT(language, 'charts');

/** 12,345 / 12,345 / 12,345: a count in full, grouped as the language groups digits. */
export function formatCount(value: number, language: string, options: UnitOptions = {}): string {
  // Compact notation groups only from two leading digits on ("min2"), so Chinese, which shortens
  // nothing under 万, wrote 4215 where the full form writes 4,215: grouping is kept always.
  return options.compact
    ? numberFormat(language, { notation: 'compact', maximumFractionDigits: 1, useGrouping: 'always' }).format(value)
    : numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** "12,345 requests" / "12,345 次请求". */
export function formatRequests(value: number, language: string, options: UnitOptions = {}): string {
  return unitText(language)('units.requests', { count: value, value: formatCount(value, language, options) });
}

/** The largest unit of a ladder that keeps the figure at or above 1, and the figure in it. */
function scale<U extends string>(value: number, units: readonly U[], step: number): { value: number; unit: U } {
  let index = 0;
  let scaled = value;
  while (Math.abs(scaled) >= step && index < units.length - 1) {
    scaled /= step;
    index += 1;
  }
  return { value: scaled, unit: units[index] as U };
}

/** Whole bytes; one decimal from KB up (1.5 KB, 2.3 GB), none when compact and the figure is large. */
function scaledDigits(value: number, isBase: boolean, options: UnitOptions): Intl.NumberFormatOptions {
  if (isBase) return { maximumFractionDigits: 0 };
  if (options.compact && Math.abs(value) >= 100) return { maximumFractionDigits: 0 };
  return { maximumFractionDigits: options.compact ? 1 : 2 };
}

/** 1536 → "1.5 KB" (1024 base). */
export function formatBytes(bytes: number, language: string, options: UnitOptions = {}): string {
  const { value, unit } = scale(bytes, BYTE_UNITS, BYTE_STEP);
  const digits = scaledDigits(value, unit === BYTE_UNITS[0], options);
  return unitText(language)(`units.bytes.${unit}`, { value: numberFormat(language, digits).format(value) });
}

/** Requests over a span: "12.3 req/s" / "12.3 次/秒". */
export function formatRequestRate(requests: number, seconds: number, language: string): string {
  const rate = seconds > 0 ? requests / seconds : 0;
  const digits = { maximumFractionDigits: Math.abs(rate) >= 100 ? 0 : Math.abs(rate) >= 10 ? 1 : 2 };
  return unitText(language)('units.requestRate', { value: numberFormat(language, digits).format(rate) });
}

/** Bytes sent over a span, as a transfer rate in bits per second: "1.2 Mbps" (1000 base). */
export function formatBitRate(bytes: number, seconds: number, language: string): string {
  const bits = seconds > 0 ? (bytes * BITS_PER_BYTE) / seconds : 0;
  const { value, unit } = scale(bits, BIT_RATE_UNITS, BIT_RATE_STEP);
  const digits = scaledDigits(value, unit === BIT_RATE_UNITS[0], {});
  return unitText(language)(`units.bitRate.${unit}`, { value: numberFormat(language, digits).format(value) });
}

/** The finest share a percentage shows: one decimal of a percent. */
const PERCENT_STEP = 0.001;

/**
 * A share from 0 to 1: 0.1234 → "12.3%". A share that is neither none nor all never reads as
 * either: 0.0002 is "<0.1%" and 0.9998 ">99.9%" (a pie's slice of 321 denied requests among
 * 200k was labelled "0%").
 */
export function formatPercent(ratio: number, language: string): string {
  const format = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  if (ratio > 0 && ratio < PERCENT_STEP / 2) return `<${format.format(PERCENT_STEP)}`;
  if (ratio < 1 && ratio > 1 - PERCENT_STEP / 2) return `>${format.format(1 - PERCENT_STEP)}`;
  return format.format(ratio);
}

/**
 * A duration given in seconds, as nginx logs `request_time`: under a second in ms ("350 ms" /
 * "350毫秒"), else in seconds ("1.25 sec" / "1.25秒"); the unit words are the browser's.
 */
export function formatSeconds(seconds: number, language: string): string {
  if (Math.abs(seconds) < 1) {
    const ms = seconds * MS_PER_SECOND;
    return numberFormat(language, {
      style: 'unit',
      unit: 'millisecond',
      unitDisplay: 'short',
      maximumFractionDigits: Math.abs(ms) < 10 ? 1 : 0,
    }).format(ms);
  }
  return secondsFormat(language, 2).format(seconds);
}

/** Seconds with the browser's unit word, to `digits` decimals. */
const secondsFormat = (language: string, digits: number) =>
  numberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: digits });

/**
 * A figure someone typed, with its unit and every digit kept, as a filter compares it: "1,500 B"
 * where formatBytes would say "1.46 KB", "1.2345 sec" where formatSeconds would round.
 */
export function formatExactBytes(bytes: number, language: string): string {
  return unitText(language)('units.bytes.B', {
    value: numberFormat(language, { maximumFractionDigits: 0 }).format(bytes),
  });
}

export function formatExactSeconds(seconds: number, language: string): string {
  return secondsFormat(language, 6).format(seconds);
}

/** A metric's value with its unit: requests counted, or bytes sent. */
export function formatMetric(metric: EventMetric, value: number, language: string, options: UnitOptions = {}): string {
  return metric === 'bytes' ? formatBytes(value, language, options) : formatRequests(value, language, options);
}

/**
 * An axis tick: short, with its unit ("12.3K req" / "1.2万 次", "1.5 MB"). The unit is on each
 * tick, not in an axis name: a bare "350" was read as anything, and an axis name sits away from
 * the figures, where the tight grid has no room for it. The short request unit is the one the
 * rate already uses (req/s, 次/秒), so a tick stays about as narrow as a byte tick.
 */
export function formatMetricTick(metric: EventMetric, value: number, language: string): string {
  return metric === 'bytes'
    ? formatBytes(value, language, { compact: true })
    : unitText(language)('units.requestsShort', { value: formatCount(value, language, { compact: true }) });
}

/** A metric's rate over a span in ms: requests per second, or the transfer rate in bits per second. */
export function formatMetricRate(metric: EventMetric, value: number, spanMs: number, language: string): string {
  const seconds = spanMs / MS_PER_SECOND;
  return metric === 'bytes' ? formatBitRate(value, seconds, language) : formatRequestRate(value, seconds, language);
}
