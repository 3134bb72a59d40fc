import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { currentUserQueryKey } from '@/lib/session';
import { groupsQueryKey } from '@/lib/tenancy/groups';
import { membersQueryKey } from './list-members';
import { adminUsersRootKey } from './list-users';

/**
 * What a change to groups, members or users makes stale: the group list (and the selector),
 * users and their groups, the logs, plans and limits shown for a group, and the signed-in
 * user's own roles (an admin may have changed their own membership).
 */
export function onAdminDataChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      groupsQueryKey,
      adminUsersRootKey,
      [AUDIT_QUERY_ROOT],
      ['platform', 'plan'],
      ['group-resource-limits'],
      currentUserQueryKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** A member change: the group's members, and all of the above. */
export function onMembershipChanged(queryClient: QueryClient, { groupName }: { groupName: string }): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: membersQueryKey(groupName) }),
    onAdminDataChanged(queryClient),
  ]);
}
