import {
  ALLOWED_HTTP_PORTS,
  ALLOWED_HTTPS_PORT_RANGES,
  CUSTOM_RANGE_MAX_DAYS_BACK,
  DEFAULT_LOCALE,
  DOMAIN_LABEL_MAX_LENGTH,
  DOMAIN_MAX_LENGTH,
  LOCALES,
  pickLocale,
  type Locale,
} from '@parapet/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, resources } from '@/locales';
import { setRequestLanguage } from './api-client';
import { readStoredLocale, storeLocale } from './storage';

/**
 * Values every message may quote: `{{httpPorts}}`, `{{httpsPorts}}`, `{{domainLabelMax}}`, `{{domainMax}}`,
 * `{{customRangeDaysBack}}`.
 */
export const MESSAGE_LIMITS = {
  httpPorts: ALLOWED_HTTP_PORTS.join(', '),
  httpsPorts: ALLOWED_HTTPS_PORT_RANGES.map(([from, to]) => (from === to ? String(from) : `${from}–${to}`)).join(', '),
  domainLabelMax: DOMAIN_LABEL_MAX_LENGTH,
  domainMax: DOMAIN_MAX_LENGTH,
  customRangeDaysBack: CUSTOM_RANGE_MAX_DAYS_BACK,
};

const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };

/** The dayjs locale of a console language, for formatting a date in a given language. */
export const dayjsLocale = (language: string | undefined): string => DAYJS_LOCALES[toLocale(language)];

/** A choice made on this device wins; otherwise the first browser language we speak (spec §1). */
export function resolveInitialLocale(stored: Locale | undefined, browserLanguages: readonly string[]): Locale {
  return stored ?? pickLocale(browserLanguages);
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function detectLocale(): Locale {
  return resolveInitialLocale(readStoredLocale(), browserLanguages());
}

export function toLocale(language: string | undefined): Locale {
  return LOCALES.find((l) => l === language) ?? DEFAULT_LOCALE;
}

// Everything outside React that must speak the same language: the document (screen readers,
// fonts, spell-check), dayjs (dates in tables and pickers) and the server (its mails).
function applyLocale(language: string): void {
  const locale = toLocale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  dayjs.locale(DAYJS_LOCALES[locale]);
  setRequestLanguage(locale);
}

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  i18n.on('languageChanged', applyLocale);
  void i18n.use(initReactI18next).init({
    resources,
    lng: detectLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Our codes carry a region; never fall back to a bare "zh" that has no resources.
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    // Resources are bundled, so initialise synchronously: the first render is already translated.
    initAsync: false,
    // Limits that field messages quote come from the shared constants, never from the texts.
    interpolation: { escapeValue: false, defaultVariables: MESSAGE_LIMITS },
  });
  return i18n;
}

/** Switches the language and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
