import { ALL_GROUPS, GROUP_QUERY_PARAM } from '@parapet/shared';

/** The URL query parameter that carries the selected group (spec §2 Guards). */
export { GROUP_QUERY_PARAM };

/**
 * Spec §2: a requested group the user may choose becomes the selection; otherwise the current
 * selection stays (if still allowed); otherwise the first allowed group. An admin's "all" is
 * first in the selector but is not where they start: most pages show one group's items, so the
 * first real group is (issue 11: every list said "Choose a group"). Undefined only for a user
 * with no group at all.
 */
export function resolveSelectedGroup(
  requested: string | null | undefined,
  current: string | undefined,
  allowed: readonly string[],
): string | undefined {
  if (requested && allowed.includes(requested)) return requested;
  if (current && allowed.includes(current)) return current;
  return allowed.find((name) => name !== ALL_GROUPS) ?? allowed[0];
}

/** `path?groupName=<group>`, so a link or redirect keeps the selection. */
export function withGroup(path: string, groupName: string | undefined): string {
  return groupName ? `${path}?${new URLSearchParams({ [GROUP_QUERY_PARAM]: groupName }).toString()}` : path;
}
