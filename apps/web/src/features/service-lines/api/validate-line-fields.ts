import { documentExistAnswerSchema, SERVICE_LINE_API } from '@parapet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { originProblem } from '@/lib/validate-origin';
import { originCheckKey, serviceLineKeys } from '@/lib/query-keys';

/** GET /api/validate/documentexist?topic=appProfileName&fieldVal=&groupName=&timestamp= → is the name taken in the group. */
export async function lineNameExists(groupName: string, name: string, signal?: AbortSignal): Promise<boolean> {
  const query = { topic: 'appProfileName', fieldVal: name, groupName, timestamp: Date.now() };
  return documentExistAnswerSchema.parse(await api.get<unknown>(SERVICE_LINE_API.documentExist, { query, signal }))
    .exist;
}

/**
 * The form's server checks, cached so that Next and Save do not ask again about a value
 * already answered. An address stays valid or not; a name's answer goes stale whenever a line
 * of the group is created or removed (its key is under the group's lines).
 */
export function useLineFieldChecks() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      originProblem: (address: string) =>
        queryClient.fetchQuery({
          queryKey: originCheckKey(address),
          queryFn: ({ signal }) => originProblem(address, signal),
          staleTime: Infinity,
        }),
      nameExists: (groupName: string, name: string) =>
        queryClient.fetchQuery({
          queryKey: serviceLineKeys.nameExists(groupName, name),
          queryFn: ({ signal }) => lineNameExists(groupName, name, signal),
          staleTime: 10_000,
        }),
    }),
    [queryClient],
  );
}
