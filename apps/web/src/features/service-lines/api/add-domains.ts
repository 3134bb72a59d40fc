import { SERVICE_LINE_API, taskAnswerSchema, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

export interface AddDomainsInput {
  groupName: string;
  appProfileName: string;
  servername: string[];
  description: string;
  /** Sent once the user has accepted new domains the line's certificate does not cover. */
  confirmUncovered?: boolean;
}

/** POST /api/table/rcm-nginxconfigs/update/create {groupName, appProfileName, servername, description} → {taskNo}. */
export async function addDomains(input: AddDomainsInput) {
  return taskAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.addDomain, input));
}

/** `line`: the line the domains go to, whose queries the answer makes stale. */
export function useAddDomains(line: Pick<ServiceLine, 'id' | 'groupName'>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDomains, onSuccess: () => onServiceLineChanged(queryClient, line) });
}
