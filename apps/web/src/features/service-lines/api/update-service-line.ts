import { SERVICE_LINE_API, taskAnswerSchema, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

/**
 * POST /api/table/rcm-app-profiles/update/index with the whole detail as it was read (its
 * `version` included) and the changes → {taskNo}; an empty taskNo means a deployment of the
 * line is already in flight. A newer version on the server answers 409 VERSION_CONFLICT.
 */
/** `confirmUncovered`: sent again after the user confirmed a certificate that does not cover every domain. */
export type UpdateServiceLineBody = ServiceLine & { confirmUncovered?: boolean };

export async function updateServiceLine(line: UpdateServiceLineBody) {
  return taskAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.update, line));
}

export function useUpdateServiceLine() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the screen must be able to show the newer version.
  return useMutation({
    mutationFn: updateServiceLine,
    onSettled: (_, __, line) => onServiceLineChanged(queryClient, line),
  });
}
