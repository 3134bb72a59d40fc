import { DASHBOARD_TAB_PATHS } from './dashboard/tabs.js';
import type { Locale } from './locales.js';

/**
 * The server's render of a signed-in screen's first view (docs/server-render.md): the console's
 * build makes a Node module of it (apps/web/src/entry-server.tsx, built by vite.ssr.config.ts),
 * which the server imports when it is there (apps/server/src/plugins/console-first-view.ts).
 */

/** The module, under the console's package folder (beside its `dist`). */
export const FIRST_VIEW_ENTRY = 'dist-ssr/entry-server.js';

/**
 * The screens the server renders: the dashboard's tabs, the page every user lands on, which
 * waits on its figures. Other screens show their frame and skeletons at once from the browser.
 */
export function hasFirstView(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(DASHBOARD_TAB_PATHS).some((tabPath) => tabPath === path);
}

/**
 * What the browser tells the server about choices it keeps on the device, so the server's view
 * is the one the browser would draw. The language chosen in the console (the server otherwise
 * goes by Accept-Language), and whether the device keeps dashboard choices of its own (a range,
 * filters, chart options), which the server does not know: then it renders no first view.
 * Set by the console itself (apps/web/src/lib/device-cookies.ts); never HttpOnly.
 */
export const LOCALE_COOKIE = 'parapet_locale';
export const DASHBOARD_CHOICES_COOKIE = 'parapet_dashboard';
/** `DASHBOARD_CHOICES_COOKIE`'s value while the device's dashboard choices are not the defaults. */
export const OWN_DASHBOARD_CHOICES = 'own';
/**
 * The query parameter naming the group a console page shows. The server renders a first view
 * only for a page that names it: without it, the browser picks the group it used last, which
 * the server does not know.
 */
export const GROUP_QUERY_PARAM = 'groupName';

/** The id of the `<script type="application/json">` holding what the browser takes over. */
export const FIRST_VIEW_STATE_ID = 'pp-first-view';

/** Answers the screen's API calls as the browser's fetch would, for the signed-in caller. */
export type FirstViewTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface FirstViewInput {
  /** Path and query of the page asked for. */
  url: string;
  locale: Locale;
  transport: FirstViewTransport;
}

export type FirstViewResult =
  /** `html` goes inside the page's root element, `state` (a script element) after it. */
  | { kind: 'page'; html: string; state: string }
  /** Nothing to render here (the guards send the browser elsewhere, a call failed): the page as built. */
  | { kind: 'none'; reason: string };

export interface FirstViewRenderer {
  render(input: FirstViewInput): Promise<FirstViewResult>;
}
