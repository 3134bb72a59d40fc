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
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledResources, loadConsoleResources, PUBLIC_NAMESPACES } from '@/locales';
import { setRequestLanguage } from './api-client';
import { tellLocale } from './device-cookies';
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
// fonts, spell-check) and the server (its mails). Dates follow in dayjs-locale.ts, which loads
// with the screens that show dates.
function applyLocale(language: string): void {
  const locale = toLocale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  setRequestLanguage(locale);
}

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  // A language chosen here before the server was told of choices (device-cookies.ts).
  const stored = readStoredLocale();
  if (stored) tellLocale(stored);
  i18n.on('languageChanged', applyLocale);
  void i18n.use(initReactI18next).init({
    // A copy per language: i18next adds the console's namespaces into what it is given.
    resources: Object.fromEntries(Object.entries(bundledResources).map(([lng, nss]) => [lng, { ...nss }])),
    lng: detectLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Our codes carry a region; never fall back to a bare "zh" that has no resources.
    load: 'currentOnly',
    ns: [...PUBLIC_NAMESPACES],
    defaultNS: 'common',
    // The public texts are bundled, so initialise synchronously: the first render is translated.
    initAsync: false,
    // Limits that field messages quote come from the shared constants, never from the texts.
    interpolation: { escapeValue: false, defaultVariables: MESSAGE_LIMITS },
  });
  return i18n;
}

/** Whether the console's texts are in use (the signed-in frame asked for them). */
let consoleWanted = false;
const consoleLoads = new Map<Locale, Promise<void>>();

function loadConsole(locale: Locale): Promise<void> {
  let load = consoleLoads.get(locale);
  if (!load) {
    load = loadConsoleResources(locale).then((namespaces) => {
      for (const [ns, messages] of Object.entries(namespaces)) i18n.addResourceBundle(locale, ns, messages);
    });
    // A failed fetch (offline, a deploy replaced the chunk) is tried again next time.
    load.catch(() => consoleLoads.delete(locale));
    consoleLoads.set(locale, load);
  }
  return load;
}

/**
 * The console's texts (every namespace beyond the public pages') in the current language, and
 * from now on in each language switched to before the switch shows. The signed-in frame's route
 * awaits this, so no screen of the console renders before its texts are there.
 */
export function loadConsoleMessages(): Promise<void> {
  consoleWanted = true;
  return loadConsole(toLocale(i18n.resolvedLanguage ?? i18n.language));
}

/** Switches the language (once its texts are loaded) and remembers it for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  if (consoleWanted) await loadConsole(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
