import { HTML_PAGE_API, type CreateHtmlPage } from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api, apiUrl, pathOf } from '@/lib/api-client';

export type HtmlPageDraft = Pick<CreateHtmlPage, 'content' | 'ridPosition' | 'ridColor'>;

/**
 * Where a saved page's preview is served: GET /api/html-pages/:id/preview answers text/html with
 * a sample request-id block under a CSP `sandbox allow-scripts`. Only for a sandboxed frame's src.
 */
export const htmlPagePreviewUrl = (id: string): string => apiUrl(pathOf(HTML_PAGE_API.preview, { id }));

/** POST /api/html-pages/preview {content, ridPosition, ridColor} → the draft rendered as the edge would, as HTML text. */
export async function previewHtmlDraft(draft: HtmlPageDraft): Promise<string> {
  const html = await api.post<unknown>(HTML_PAGE_API.previewDraft, draft);
  if (typeof html !== 'string') throw new Error('The preview answer is not an HTML text.');
  return html;
}

export function usePreviewHtmlDraft() {
  return useMutation({ mutationFn: previewHtmlDraft });
}
