import { SERVICE_LINE_API, taskAnswerSchema, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

/** POST /api/service-lines/:id/domains/bulk-delete {domains} → {taskNo} (empty: already deploying). */
export async function bulkDeleteDomains({ id, domains }: { id: string; domains: string[] }) {
  return taskAnswerSchema.parse(
    await api.post<unknown>(pathOf(SERVICE_LINE_API.bulkDeleteDomains, { id }), { domains }),
  );
}

export function useBulkDeleteDomains(line: Pick<ServiceLine, 'id' | 'groupName'>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkDeleteDomains, onSettled: () => onServiceLineChanged(queryClient, line) });
}
