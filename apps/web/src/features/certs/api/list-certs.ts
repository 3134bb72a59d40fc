import { CERT_API, certListSchema, type Cert, type CertListQuery, type GroupListQuery } from '@parapet/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '@/components/audit-log/get-audit-entries';
import { api } from '@/lib/api-client';
import { itemPageParams, NO_ITEM_PAGE, type ItemPageQuery } from '@/lib/item-page-query';
import { certKeys } from '@/lib/query-keys';

/** The list's filters: CertListQuery beyond the group, search and page. */
export type CertFilters = Omit<CertListQuery, keyof GroupListQuery>;

export type CertQuery = ItemPageQuery<CertFilters>;

/** Every certificate query of every group (lib/query-keys: [area, group, kind, ...]). */
export const certsRootKey = [certKeys.area] as const;

/**
 * GET /api/certs?groupName=&search=&page=&pageSize= plus the filters set (status, createdBy, createdFrom,
 * createdTo, expiry) → one page of the group's certificates and the total.
 */
export async function listCerts(query: CertQuery, signal?: AbortSignal) {
  return certListSchema.parse(await api.get<unknown>(CERT_API.certs, { query: itemPageParams(query), signal }));
}

export const certsQueryOptions = (query: CertQuery) =>
  queryOptions({ queryKey: certKeys.list(query), queryFn: ({ signal }) => listCerts(query, signal) });

/** The page stays on screen while the next one loads. */
export function useCerts(query: CertQuery | undefined) {
  return useQuery({
    ...certsQueryOptions(query ?? NO_ITEM_PAGE),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** What a certificate change makes stale: the lists and the open logs. */
export function onCertsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([certsRootKey, [AUDIT_QUERY_ROOT]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type { Cert };
