import { auditListSchema, GROUP_API, type AuditEntry } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AuditQuery {
  entity: string;
  entityId?: string;
  groupName?: string;
  limit?: number;
}

/** Every audit query key starts with this, so a change anywhere can refresh open logs. */
export const AUDIT_QUERY_ROOT = 'audit';

/** GET /api/audit?entity=&entityId=&groupName=&limit= → the newest entries first. */
export async function getAuditEntries(query: AuditQuery, signal?: AbortSignal): Promise<AuditEntry[]> {
  return auditListSchema.parse(await api.get<unknown>(GROUP_API.audit, { query: { ...query }, signal })).items;
}

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({ queryKey: [AUDIT_QUERY_ROOT, query], queryFn: ({ signal }) => getAuditEntries(query, signal) });

export function useAuditEntries(query: AuditQuery) {
  return useQuery(auditQueryOptions(query));
}
