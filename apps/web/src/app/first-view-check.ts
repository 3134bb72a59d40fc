import { startingOptions } from '@/features/dashboard/state/dashboard-link';
import { sameOptions } from '@/features/dashboard/state/dashboard-options';
import { tellOwnDashboardChoices } from '@/lib/device-cookies';
import type { FirstViewState } from '@/lib/first-view';
import { detectLocale } from '@/lib/i18n';
import { readSelectedGroup, storeSelectedGroup } from '@/lib/stored-data';
import { GROUP_QUERY_PARAM, resolveSelectedGroup } from '@/lib/tenancy/group-selection';
import type { GroupContext } from '@/lib/tenancy/group-context';

/**
 * Whether this browser would render what the server did, so it may take the server's view over
 * as it is: the same language, the same stored dashboard choices and the same group. When not
 * (a language or a range chosen on this device), it renders its own in its place (main.tsx).
 * Loaded apart from the entry: the stored choices are checked with the contracts' schemas.
 */
export function matchesThisBrowser(state: FirstViewState, url: URL): boolean {
  const frame = state.router.loaderData?.app as GroupContext | undefined;
  if (!frame || state.locale !== detectLocale()) return false;
  if (!sameOptions(startingOptions(url.searchParams), state.dashboardOptions)) {
    // Choices kept here from before the server was told of them (device-cookies.ts).
    tellOwnDashboardChoices(true);
    return false;
  }
  const selected = resolveSelectedGroup(url.searchParams.get(GROUP_QUERY_PARAM), readSelectedGroup(), frame.allowed);
  if (selected !== frame.selected) return false;
  // The guards that would have stored the selection do not run again here.
  if (selected) storeSelectedGroup(selected);
  return true;
}
