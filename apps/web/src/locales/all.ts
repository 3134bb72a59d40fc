import { collect, type Messages, type Resources } from './index';

// Every namespace of every language at once: for the tests (the locale checks, the components'
// tests). The app never imports this; it loads the console's namespaces per language.
export const resources: Resources = collect(
  import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' }),
);

/** Namespaces as found in the default language's folder. */
export const NAMESPACES: string[] = Object.keys(resources['en-US']).sort();
