import { DEFAULT_REGION } from '@parapet/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from './format-time';
import { countryNamer } from './regions';

/** `30s`, `10m`, `1h`, `1d`, `2w`: how the settings store durations. */
const DURATION = /^(\d+)([smhdw])$/;
type DurationUnit = 's' | 'm' | 'h' | 'd' | 'w';

/** `1d` → "1 day" / "1天"; anything that is not such a duration is shown as it is. */
export function formatDuration(t: TFunction<'display'>, value: string): string {
  const match = DURATION.exec(value.trim());
  if (!match) return value;
  return t(`duration.${match[2] as DurationUnit}`, { count: Number(match[1]) });
}

/** The schemes a line listens on: "HTTP", "HTTPS" or "HTTP and HTTPS" (the codes stay as the protocols are named). */
export function formatSchemes(t: TFunction<'display'>, schemes: readonly string[]): string {
  const http = schemes.includes('http');
  const https = schemes.includes('https');
  if (http && https) return t('schemes.both');
  if (https) return t('schemes.https');
  if (http) return t('schemes.http');
  return schemes.join(', ');
}

/** A region's name in the language: a country's name from the browser, or the default region's. */
export function regionNamer(t: TFunction<'display'>, language: string, short = false): (code: string) => string {
  const country = countryNamer(language);
  return (code) => (code === DEFAULT_REGION ? t(short ? 'regions.defaultShort' : 'regions.default') : country(code));
}

function regionOption(t: TFunction<'display'>, language: string): (code: string) => string {
  const country = countryNamer(language);
  return (code) => (code === DEFAULT_REGION ? t('regions.default') : `${code} · ${country(code)}`);
}

/**
 * A date (epoch ms or ISO text) as the console writes every instant (`format-time.ts`): a 24-hour
 * clock with seconds and the time zone, "Nov 23, 2026, 11:23:05 EST", so a change log or a
 * token's last use reads the same as the event it may be set beside.
 */
export function formatDateTime(language: string, value: number | string | Date): string {
  return formatInstant(language, dayjs(value).valueOf());
}

export interface ValueFormat {
  duration: (value: string) => string;
  schemes: (schemes: readonly string[]) => string;
  /** `TW` → "Taiwan" / "台湾"; `short` names the default region in one word (for lists). */
  region: (code: string) => string;
  regionShort: (code: string) => string;
  /** `TW · Taiwan` for pickers, where the code helps the search; the default region described. */
  regionOption: (code: string) => string;
  dateTime: (value: number | string | Date) => string;
  yesNo: (value: boolean) => string;
}

/** The formatters in the console's current language; a language switch re-renders with new ones. */
export function useValueFormat(): ValueFormat {
  const { t, i18n } = useTranslation('display');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => valueFormat(t, language), [t, language]);
}

export function valueFormat(t: TFunction<'display'>, language: string): ValueFormat {
  return {
    duration: (value) => formatDuration(t, value),
    schemes: (schemes) => formatSchemes(t, schemes),
    region: regionNamer(t, language),
    regionShort: regionNamer(t, language, true),
    regionOption: regionOption(t, language),
    dateTime: (value) => formatDateTime(language, value),
    yesNo: (value) => t(value ? 'boolean.yes' : 'boolean.no'),
  };
}
