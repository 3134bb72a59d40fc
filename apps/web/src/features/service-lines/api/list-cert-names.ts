import { CERT_API } from '@parapet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { certKeys } from '@/lib/query-keys';
import { listItemNames } from './item-names';

/** Under the group's certificate keys, so an upload there (or its task's end) refreshes the choices here. */
export const certNamesQueryOptions = (groupName: string) =>
  queryOptions({
    queryKey: certKeys.names(groupName),
    queryFn: ({ signal }) => listItemNames(CERT_API.certs, 'keypairname', groupName, signal),
  });

/** GET /api/certs?groupName= → the group's certificate names (keypairname), for the SSL/TLS tab. */
export function useCertNames(groupName: string, enabled = true) {
  return useQuery({ ...certNamesQueryOptions(groupName), enabled });
}
