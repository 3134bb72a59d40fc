import { SERVICE_LINE_API, taskAnswerSchema } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onServiceLineChanged } from './get-service-line';

export interface AddDomainsInput {
  groupName: string;
  appProfileName: string;
  servername: string[];
  description: string;
}

/** POST /api/table/rcm-nginxconfigs/update/create {groupName, appProfileName, servername, description} → {taskNo}. */
export async function addDomains(input: AddDomainsInput) {
  return taskAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.addDomain, input));
}

export function useAddDomains() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDomains, onSuccess: () => onServiceLineChanged(queryClient) });
}
