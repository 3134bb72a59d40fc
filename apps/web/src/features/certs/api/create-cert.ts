import { CERT_API, certSchema, type CreateCert } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onCertsChanged } from './list-certs';

/** POST /api/certs {groupName, keypairname, pem, key, pemFileName?, keyFileName?} → 201 the certificate. */
export async function createCert(input: CreateCert) {
  return certSchema.parse(await api.post<unknown>(CERT_API.certs, input));
}

export function useCreateCert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCert, onSuccess: () => onCertsChanged(queryClient) });
}
