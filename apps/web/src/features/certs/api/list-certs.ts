import { CERT_API, certListSchema, type Cert, type CertListQuery, type GroupListQuery } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';

/** The list's filters: CertListQuery beyond the group, search and page. */
export type CertFilters = Omit<CertListQuery, keyof GroupListQuery>;

export interface CertQuery {
  groupName: string;
  search: string;
  page: number;
  pageSize: number;
  filters: CertFilters;
}

export const certsRootKey = ['certs'] as const;

/**
 * GET /api/certs?groupName=&search=&page=&pageSize= plus the filters set (status, createdBy, createdFrom,
 * createdTo, expiry) → one page of the group's certificates and the total.
 */
export async function listCerts({ groupName, search, page, pageSize, filters }: CertQuery, signal?: AbortSignal) {
  const query = { groupName, search: search.trim() || undefined, page, pageSize, ...filters };
  return certListSchema.parse(await api.get<unknown>(CERT_API.certs, { query, signal }));
}

export const certsQueryOptions = (query: CertQuery) => queryOptions({ queryKey: [...certsRootKey, query], queryFn: ({ signal }) => listCerts(query, signal) });

/** The page stays on screen while the next one loads. */
export function useCerts(query: CertQuery | undefined) {
  return useQuery({ ...certsQueryOptions(query ?? { groupName: '', search: '', page: 1, pageSize: 10, filters: {} }), enabled: query !== undefined, placeholderData: keepPreviousData });
}

/** What a certificate change makes stale: the lists and the open logs. */
export function onCertsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([certsRootKey, [AUDIT_QUERY_ROOT]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type { Cert };
