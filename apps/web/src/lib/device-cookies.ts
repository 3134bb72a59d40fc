import { DASHBOARD_CHOICES_COOKIE, LOCALE_COOKIE, OWN_DASHBOARD_CHOICES, type Locale } from '@parapet/shared';

// Choices this device keeps in its storage, told to the server in cookies so that the page it
// renders is the one this browser would draw (docs/server-render.md): the language, and whether
// the dashboard's choices are the device's own.

const KEEP_SECONDS = 365 * 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function writeCookie(name: string, value: string | undefined): void {
  if (typeof document === 'undefined' || readCookie(name) === value) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    value === undefined
      ? `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax${secure}`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${KEEP_SECONDS}; samesite=lax${secure}`;
}

/** The console's language, chosen on this device. */
export function tellLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale);
}

/** Whether this device keeps dashboard choices other than the defaults; false forgets it. */
export function tellOwnDashboardChoices(own: boolean): void {
  writeCookie(DASHBOARD_CHOICES_COOKIE, own ? OWN_DASHBOARD_CHOICES : undefined);
}
