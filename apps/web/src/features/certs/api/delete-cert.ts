import { CERT_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onCertsChanged } from './list-certs';

/** DELETE /api/certs/:id → {ok}. */
export async function deleteCert(id: string): Promise<void> {
  await api.delete<unknown>(pathOf(CERT_API.cert, { id }));
}

export function useDeleteCert() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCert, onSuccess: () => onCertsChanged(queryClient) });
}
