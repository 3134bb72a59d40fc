import { SERVICE_LINE_API, taskAnswerSchema } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api, pathOf } from '@/lib/api-client';

export interface PurgeInput {
  id: string;
  /** Paths or patterns to clear; none clears everything. */
  paths: string[];
  /** Only these domains of the line; all of them when absent. */
  domains?: string[];
}

/** POST /api/service-lines/:id/purge {paths, domains?} → {taskNo}; an empty taskNo means the line is busy. */
export async function purgeServiceLine({ id, ...body }: PurgeInput) {
  return taskAnswerSchema.parse(await api.post<unknown>(pathOf(SERVICE_LINE_API.purge, { id }), body));
}

export function usePurgeServiceLine() {
  const queryClient = useQueryClient();
  // Clearing cache changes no setting: only the line's log gains an entry.
  return useMutation({
    mutationFn: purgeServiceLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AUDIT_QUERY_ROOT] }),
  });
}
