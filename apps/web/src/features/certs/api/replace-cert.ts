import { CERT_API, certSchema } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onCertsChanged } from './list-certs';

export interface ReplaceCertInput {
  id: string;
  pem: string;
  key: string;
  pemFileName?: string;
  keyFileName?: string;
  /** The version the list showed; a newer one on the server answers 409 VERSION_CONFLICT. */
  version: number;
  /** True once the user confirmed a certificate that leaves domains of its lines uncovered. */
  confirmUncovered?: boolean;
}

/** PUT /api/certs/:id {pem, key, pemFileName?, keyFileName?, version, confirmUncovered?} → the certificate. */
export async function replaceCert({ id, ...input }: ReplaceCertInput) {
  return certSchema.parse(await api.put<unknown>(pathOf(CERT_API.cert, { id }), input));
}

export function useReplaceCert() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the list must show the newer version too.
  return useMutation({ mutationFn: replaceCert, onSettled: () => onCertsChanged(queryClient) });
}
