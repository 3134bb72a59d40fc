import { HtmlPagesPage } from './components/html-pages-page';

/** /html: custom error and deny pages (spec §2 HTML Pages: upload, preview, log). */
export const Component = HtmlPagesPage;
