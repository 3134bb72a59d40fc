import { LOCALES, type Locale } from '@parapet/shared';
import { tellLocale, tellOwnDashboardChoices } from './device-cookies';

/** Every key the console writes starts with this, so sign-out can find the user's data. */
const PREFIX = 'parapet.';
export const LOCALE_KEY = `${PREFIX}locale`;

/** Keys that belong to the device rather than to the signed-in user; sign-out keeps them. */
const DEVICE_KEYS = new Set([LOCALE_KEY]);

// localStorage can throw (private windows, disabled storage); the console must still work,
// it just forgets choices between visits.
function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: keep the value for this page only.
  }
}

/** The language chosen earlier on this device, if it is still one the console speaks. */
export function readStoredLocale(): Locale | undefined {
  const value = readItem(LOCALE_KEY);
  return LOCALES.find((locale) => locale === value);
}

export function storeLocale(locale: Locale): void {
  writeItem(LOCALE_KEY, locale);
  tellLocale(locale);
}

/** Removes what the signed-in user left on this device (spec §4: a 401 clears user data). */
export function clearUserStorage(): void {
  tellOwnDashboardChoices(false);
  const s = store();
  if (!s) return;
  try {
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
    for (const key of keys) if (key.startsWith(PREFIX) && !DEVICE_KEYS.has(key)) s.removeItem(key);
  } catch {
    // Nothing more to do without storage.
  }
}
