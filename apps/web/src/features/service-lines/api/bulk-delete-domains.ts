import { SERVICE_LINE_API, taskAnswerSchema } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onServiceLineChanged } from './get-service-line';

/** POST /api/service-lines/:id/domains/bulk-delete {domains} → {taskNo} (empty: already deploying). */
export async function bulkDeleteDomains({ id, domains }: { id: string; domains: string[] }) {
  return taskAnswerSchema.parse(await api.post<unknown>(pathOf(SERVICE_LINE_API.bulkDeleteDomains, { id }), { domains }));
}

export function useBulkDeleteDomains() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkDeleteDomains, onSettled: () => onServiceLineChanged(queryClient) });
}
