import { LOCALES, type Locale } from '@parapet/shared';

/** A namespace's strings: nested objects whose leaves are strings. */
export interface Messages {
  [key: string]: string | Messages;
}
export type Resources = Record<Locale, Record<string, Messages>>;

/**
 * The namespaces of the pages seen without a session (sign-in, sign-up, resets, not found). They
 * are bundled with the entry in all three languages (about 8 kB brotli), so the first paint is
 * translated and a language switch there waits for nothing. Every other namespace is the
 * console's: one chunk per language (console/<locale>.ts), loaded with the signed-in frame.
 * A new namespace is just a new file per locale; it is the console's unless named here and in
 * the two globs below (a glob takes no variables).
 */
export const PUBLIC_NAMESPACES = ['auth', 'common', 'errors', 'fieldErrors'] as const;

const publicFiles = import.meta.glob<Messages>('./*/{auth,common,errors,fieldErrors}.json', {
  eager: true,
  import: 'default',
});

/** Files of a glob (`./<locale>/<namespace>.json`, any prefix) as locale → namespace → messages. */
export function collect(files: Record<string, Messages>): Resources {
  const out = Object.fromEntries(LOCALES.map((locale) => [locale, {}])) as Resources;
  for (const [path, messages] of Object.entries(files)) {
    const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
    const locale = LOCALES.find((l) => l === match?.[1]);
    if (locale && match?.[2]) out[locale][match[2]] = messages;
  }
  return out;
}

/** The public namespaces, in every language. */
export const bundledResources: Resources = collect(publicFiles);

const consoleChunks: Record<Locale, () => Promise<{ default: Record<string, Messages> }>> = {
  'en-US': () => import('./console/en-US'),
  'zh-CN': () => import('./console/zh-CN'),
  'zh-TW': () => import('./console/zh-TW'),
};

/** The console's namespaces in one language, fetched as one chunk. */
export async function loadConsoleResources(locale: Locale): Promise<Record<string, Messages>> {
  const { default: files } = await consoleChunks[locale]();
  return collect(files)[locale];
}
