import { SERVICE_LINE_API, taskAnswerSchema, type ServiceLine } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onServiceLineChanged } from './list-service-lines';

/** DELETE /api/service-lines/:id → {taskNo}: the line shows Deleting until the edge has dropped it. */
export async function deleteServiceLine(line: Pick<ServiceLine, 'id' | 'groupName'>) {
  return taskAnswerSchema.parse(await api.delete<unknown>(pathOf(SERVICE_LINE_API.line, { id: line.id })));
}

export function useDeleteServiceLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceLine,
    onSettled: (_, __, line) => onServiceLineChanged(queryClient, line),
  });
}
