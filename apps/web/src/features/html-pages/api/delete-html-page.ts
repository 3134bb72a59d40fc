import { HTML_PAGE_API } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onHtmlPagesChanged } from './list-html-pages';

/** DELETE /api/html-pages/:id → {ok}; 409 IN_USE (with `usedBy`) while a line or rule shows it. */
export async function deleteHtmlPage(id: string): Promise<void> {
  await api.delete<unknown>(pathOf(HTML_PAGE_API.page, { id }));
}

export function useDeleteHtmlPage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteHtmlPage, onSuccess: () => onHtmlPagesChanged(queryClient) });
}
