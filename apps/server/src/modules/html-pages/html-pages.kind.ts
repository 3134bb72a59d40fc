import type { Selectable } from 'kysely';
import type { HtmlPagesTable } from '../../db/schema.js';
import type { DeployedKind } from '../../core/registry.js';
import { htmlPagePublisher } from './html-pages.publisher.js';
import { countPages } from './html-pages.repository.js';

export type PageRow = Selectable<HtmlPagesTable>;

/** HTML pages as a deployed kind (see docs/deployed-kinds.md); the built-in page is free of the quota. */
export const htmlPageKind: DeployedKind<PageRow, void> = {
  entity: 'html-page',
  table: 'html_pages',
  nameColumn: 'html_page_name',
  nameField: 'htmlPageName',
  deployingCode: 'HTML_PAGE_DEPLOYING',
  quota: { limit: 'maxHtmlPageCount', count: countPages },
  publisher: htmlPagePublisher,
  nameOf: (row) => row.html_page_name,
  // Everything but the page source itself (often large): its size instead.
  auditView: (row) => ({
    htmlPageName: row.html_page_name,
    fileName: row.file_name,
    ridPosition: row.rid_position,
    ridColor: row.rid_color,
    contentBytes: Buffer.byteLength(row.content),
  }),
};
