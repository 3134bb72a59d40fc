import { INGEST_API, ingestTokenListSchema, type IngestToken } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ingestTokensQueryKey = ['admin', 'ingest-tokens'] as const;

/** GET /api/admin/ingest-tokens → the live tokens, oldest first. */
export async function listIngestTokens(signal?: AbortSignal): Promise<IngestToken[]> {
  return ingestTokenListSchema.parse(await api.get<unknown>(INGEST_API.tokens, { signal })).items;
}

export const ingestTokensQueryOptions = () =>
  queryOptions({ queryKey: ingestTokensQueryKey, queryFn: ({ signal }) => listIngestTokens(signal) });

export function useIngestTokens() {
  return useQuery(ingestTokensQueryOptions());
}
