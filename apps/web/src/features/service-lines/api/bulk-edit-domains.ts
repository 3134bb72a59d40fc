import { SERVICE_LINE_API, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

export interface BulkEditDomainsInput {
  id: string;
  domains: string[];
  description: string;
}

/** POST /api/service-lines/:id/domains/bulk-edit {domains, description} → {ok: true}; nothing is redeployed. */
export async function bulkEditDomains({ id, ...body }: BulkEditDomainsInput): Promise<void> {
  await api.post<unknown>(pathOf(SERVICE_LINE_API.bulkEditDomains, { id }), body);
}

export function useBulkEditDomains(line: Pick<ServiceLine, 'id' | 'groupName'>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkEditDomains, onSuccess: () => onServiceLineChanged(queryClient, line) });
}
