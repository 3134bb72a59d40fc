import type { DehydratedState } from '@tanstack/react-query';
import { FIRST_VIEW_STATE_ID, type DashboardFilterOptions, type Locale } from '@parapet/shared';
import type { HydrationState } from 'react-router';

/** What the server rendered the first view with, and the answers it used (entry-server.tsx). */
export interface FirstViewState {
  locale: Locale;
  /** The dashboard's stored choices it assumed (it has no browser storage: the defaults). */
  dashboardOptions: DashboardFilterOptions;
  queries: DehydratedState;
  router: HydrationState;
}

/** The server's first view state, if the page came with one; read once. */
export function takeFirstViewState(): FirstViewState | undefined {
  const element = document.getElementById(FIRST_VIEW_STATE_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as FirstViewState;
  } catch {
    return undefined;
  }
}
