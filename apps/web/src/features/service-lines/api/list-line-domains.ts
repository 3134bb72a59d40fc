import { lineDomainListSchema, SERVICE_LINE_API, type ServiceLine } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { serviceLineKeys } from '@/lib/query-keys';

/** GET /api/service-lines/:id/domains → every domain of the line with its description, CNAME and status. */
export async function listLineDomains(id: string, signal?: AbortSignal) {
  return lineDomainListSchema.parse(await api.get<unknown>(pathOf(SERVICE_LINE_API.domains, { id }), { signal })).items;
}

/** One domain of the line as the Domains tab lists it. */
export type LineDomain = Awaited<ReturnType<typeof listLineDomains>>[number];

export const lineDomainsQueryOptions = ({ groupName, id }: Pick<ServiceLine, 'id' | 'groupName'>) =>
  queryOptions({
    queryKey: serviceLineKeys.domains(groupName, id),
    queryFn: ({ signal }) => listLineDomains(id, signal),
  });

export function useLineDomains(line: Pick<ServiceLine, 'id' | 'groupName'>) {
  return useQuery(lineDomainsQueryOptions(line));
}
