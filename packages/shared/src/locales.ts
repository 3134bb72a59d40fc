/** The three languages of the console (spec §1). */
export const LOCALES = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each language named in itself, as a language switcher shows it. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/**
 * Maps a browser language tag to a console locale. Traditional script and the regions that
 * write it (Taiwan, Hong Kong, Macau) get zh-TW; any other Chinese gets zh-CN; anything else
 * is not matched.
 */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
  if (lower === 'zh' || lower.startsWith('zh-')) {
    if (/(^|-)(hant|tw|hk|mo)(-|$)/.test(lower)) return 'zh-TW';
    return 'zh-CN';
  }
  return undefined;
}

/** The first browser language that the console speaks, else the default. */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const hit = matchLocale(tag);
    if (hit) return hit;
  }
  return DEFAULT_LOCALE;
}
