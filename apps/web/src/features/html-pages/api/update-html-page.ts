import { HTML_PAGE_API, htmlPageSchema, type UpdateHtmlPage } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf } from '@/lib/api-client';
import { onHtmlPagesChanged } from './list-html-pages';

/** The page's id and the body of a save, `version` being the one the list showed. */
export type UpdateHtmlPageInput = UpdateHtmlPage & { id: string };

/** PUT /api/html-pages/:id {content, fileName?, ridPosition, ridColor, version} → the page; 409 VERSION_CONFLICT when stale. */
export async function updateHtmlPage({ id, ...input }: UpdateHtmlPageInput) {
  return htmlPageSchema.parse(await api.put<unknown>(pathOf(HTML_PAGE_API.page, { id }), input));
}

export function useUpdateHtmlPage() {
  const queryClient = useQueryClient();
  // Settled, not success: after a conflict the list must show the newer version too.
  return useMutation({ mutationFn: updateHtmlPage, onSettled: () => onHtmlPagesChanged(queryClient) });
}
