import { SERVICE_LINE_API, taskAnswerSchema, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api, pathOf } from '@/lib/api-client';

export interface PurgeInput {
  line: Pick<ServiceLine, 'id'>;
  /** Paths or patterns to clear; empty clears everything. */
  paths: string[];
}

/** POST /api/service-lines/:id/purge {paths} → {taskNo}; an empty taskNo means the line is busy. */
export async function purgeServiceLine({ line, paths }: PurgeInput) {
  return taskAnswerSchema.parse(await api.post<unknown>(pathOf(SERVICE_LINE_API.purge, { id: line.id }), { paths }));
}

export function usePurgeServiceLine() {
  const queryClient = useQueryClient();
  // Clearing cache changes no setting: only the line's log gains an entry.
  return useMutation({ mutationFn: purgeServiceLine, onSuccess: () => queryClient.invalidateQueries({ queryKey: [AUDIT_QUERY_ROOT] }) });
}
