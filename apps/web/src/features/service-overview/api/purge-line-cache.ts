import { SERVICE_LINE_API, taskAnswerSchema } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';

export interface PurgeInput {
  id: string;
  /** Paths or patterns to clear; none clears everything. */
  paths: string[];
  /** Only these domains of the line; all of them when absent. */
  domains?: string[];
}

/** POST /api/service-lines/:id/purge {paths, domains?} → {taskNo} (empty: already deploying). */
export async function purgeLineCache({ id, ...body }: PurgeInput) {
  return taskAnswerSchema.parse(await api.post<unknown>(pathOf(SERVICE_LINE_API.purge, { id }), body));
}

export function usePurgeLineCache() {
  return useMutation({ mutationFn: purgeLineCache });
}
