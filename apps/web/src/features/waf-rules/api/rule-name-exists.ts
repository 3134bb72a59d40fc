import { documentExistAnswerSchema, SERVICE_LINE_API } from '@parapet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { wafRuleKeys } from '@/lib/query-keys';

/** GET /api/validate/documentexist?topic=wafRuleName&fieldVal=&groupName=&timestamp= → is the name taken in the group. */
export async function ruleNameExists(groupName: string, name: string, signal?: AbortSignal): Promise<boolean> {
  const query = { topic: 'wafRuleName', fieldVal: name, groupName, timestamp: Date.now() };
  return documentExistAnswerSchema.parse(await api.get<unknown>(SERVICE_LINE_API.documentExist, { query, signal }))
    .exist;
}

/**
 * The name check of the create form, cached under the group's rule queries: typing a name back
 * asks no second time, and a rule created or removed in the group makes the answers stale.
 */
export function useRuleNameExists(groupName: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (name: string) =>
      queryClient.fetchQuery({
        queryKey: [...wafRuleKeys.group(groupName), 'name-exists', name],
        queryFn: ({ signal }) => ruleNameExists(groupName, name, signal),
        staleTime: 10_000,
      }),
    [queryClient, groupName],
  );
}
