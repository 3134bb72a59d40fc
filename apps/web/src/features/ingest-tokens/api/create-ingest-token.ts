import { INGEST_API, createdIngestTokenSchema, type CreateIngestTokenInput } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ingestTokensQueryKey } from './list-ingest-tokens';

/** POST /api/admin/ingest-tokens → 201 with the token itself, shown this once. */
export async function createIngestToken(input: CreateIngestTokenInput) {
  return createdIngestTokenSchema.parse(await api.post<unknown>(INGEST_API.tokens, input));
}

export function useCreateIngestToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIngestToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestTokensQueryKey }),
  });
}
