import { LOCALES, type Locale } from '@parapet/shared';

/** A namespace's strings: nested objects whose leaves are strings. */
export interface Messages {
  [key: string]: string | Messages;
}
export type Resources = Record<Locale, Record<string, Messages>>;

// Every locales/<locale>/<namespace>.json is bundled (three languages, a few KB each), so a
// language switch never waits for the network. A new namespace is just a new file per locale.
const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

function collect(): Resources {
  const out = Object.fromEntries(LOCALES.map((locale) => [locale, {}])) as Resources;
  for (const [path, messages] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const locale = LOCALES.find((l) => l === match?.[1]);
    if (locale && match?.[2]) out[locale][match[2]] = messages;
  }
  return out;
}

export const resources: Resources = collect();
/** Namespaces as found in the default language's folder. */
export const NAMESPACES: string[] = Object.keys(resources['en-US']).sort();
