import { INGEST_API, okSchema } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { ingestTokensQueryKey } from './list-ingest-tokens';

/** DELETE /api/admin/ingest-tokens/:id: batches sent with the token are refused from then on. */
export async function revokeIngestToken(id: string) {
  return okSchema.parse(await api.delete<unknown>(pathOf(INGEST_API.token, { id })));
}

export function useRevokeIngestToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeIngestToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestTokensQueryKey }),
  });
}
