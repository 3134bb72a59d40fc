import { HTML_PAGE_API, htmlPageSchema, type CreateHtmlPage } from '@parapet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onHtmlPagesChanged } from './list-html-pages';

/** POST /api/html-pages {groupName, htmlPageName, content, fileName?, ridPosition, ridColor} → 201 the page. */
export async function createHtmlPage(input: CreateHtmlPage) {
  return htmlPageSchema.parse(await api.post<unknown>(HTML_PAGE_API.pages, input));
}

export function useCreateHtmlPage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createHtmlPage, onSuccess: () => onHtmlPagesChanged(queryClient) });
}
