import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_HTML_PAGE_NAME, RID_COLOR_DEFAULT, RID_POSITION_DEFAULT, type CreateHtmlPage, type HtmlPage, type StoreKind, type UpdateHtmlPage } from '@parapet/shared';
import type { Database, HtmlPagesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { appendAudit } from '../audit/audit.repository.js';
import { enqueueDeploy, taskQueued } from '../deploy/enqueue.js';
import { assertNotDeploying } from '../deploy/entity-status.js';
import { removeItem } from '../deploy/remove-item.js';
import { usersOf } from '../references/references.repository.js';
import { createWithinQuota } from '../tenancy/quota.js';
import { DEFAULT_PAGE_CONTENT } from './default-page.js';
import { countPages, findPageByName, findPageRow, insertPageIfAbsent, insertPageRow, updatePageRow } from './html-pages.repository.js';

type PageRow = Selectable<HtmlPagesTable>;

export interface PageContext {
  db: Kysely<Database>;
  kind: StoreKind;
  actor: string;
}

/** Who the built-in page's creation is written to in the audit log. */
const SYSTEM_ACTOR = 'system';

export function toPage(row: PageRow, usedBy: string[] = []): HtmlPage {
  return {
    id: row.id,
    groupName: row.group_name,
    htmlPageName: row.html_page_name,
    content: row.content,
    fileName: row.file_name,
    ridPosition: row.rid_position,
    ridColor: row.rid_color,
    builtIn: row.built_in === 1,
    status: row.status,
    lastError: row.last_error,
    usedBy,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export async function toPages(db: Kysely<Database>, rows: PageRow[]): Promise<HtmlPage[]> {
  const users = await usersOf(db, 'html-page', rows.map((row) => row.id));
  return rows.map((row) => toPage(row, users.get(row.id)));
}

/** The audit log keeps everything but the page source itself (often large): its size instead. */
const auditView = (row: Pick<PageRow, 'html_page_name' | 'file_name' | 'rid_position' | 'rid_color' | 'content'>) => ({
  htmlPageName: row.html_page_name,
  fileName: row.file_name,
  ridPosition: row.rid_position,
  ridColor: row.rid_color,
  contentBytes: Buffer.byteLength(row.content),
});

/**
 * Every group has the built-in `default` page (service lines fall back to it). It is made the
 * first time the group's pages are looked at, and deployed like any other page.
 */
export async function ensureDefaultPage(db: Kysely<Database>, groupName: string): Promise<void> {
  if (await findPageByName(db, groupName, DEFAULT_HTML_PAGE_NAME)) return;
  const now = Date.now();
  const row = {
    id: newId(),
    group_name: groupName,
    html_page_name: DEFAULT_HTML_PAGE_NAME,
    content: DEFAULT_PAGE_CONTENT,
    file_name: null,
    rid_position: RID_POSITION_DEFAULT,
    rid_color: RID_COLOR_DEFAULT,
    built_in: 1,
    status: 'Deploying' as const,
    last_error: null,
    created_by: SYSTEM_ACTOR,
    created_at: now,
    updated_at: now,
  };
  const inserted = await db.transaction().execute(async (trx) => {
    if (!(await insertPageIfAbsent(trx, row))) return false;
    await appendAudit(trx, { actor: SYSTEM_ACTOR, groupName, entity: 'html-page', entityId: row.id, action: 'create', before: null, after: auditView(row) });
    await enqueueDeploy(trx, { groupName, entity: 'html-page', entityId: row.id, entityName: row.html_page_name, operation: 'publish' });
    return true;
  });
  if (inserted) taskQueued();
}

export async function createPage(ctx: PageContext, input: CreateHtmlPage): Promise<HtmlPage> {
  await ensureDefaultPage(ctx.db, input.groupName);
  if (await findPageByName(ctx.db, input.groupName, input.htmlPageName)) throw new AppError('ALREADY_EXISTS', { htmlPageName: 'taken' });
  const now = Date.now();
  const row = {
    id: newId(),
    group_name: input.groupName,
    html_page_name: input.htmlPageName,
    content: input.content,
    file_name: input.fileName ?? null,
    rid_position: input.ridPosition,
    rid_color: input.ridColor,
    built_in: 0,
    status: 'Deploying' as const,
    last_error: null,
    created_by: ctx.actor,
    created_at: now,
    updated_at: now,
  };
  await createWithinQuota(ctx.db, ctx.kind, {
    groupName: input.groupName,
    limit: 'maxHtmlPageCount',
    count: (trx) => countPages(trx, input.groupName),
    create: async (trx) => {
      await insertPageRow(trx, row);
      await appendAudit(trx, { actor: ctx.actor, groupName: input.groupName, entity: 'html-page', entityId: row.id, action: 'create', before: null, after: auditView(row) });
      await enqueueDeploy(trx, { groupName: input.groupName, entity: 'html-page', entityId: row.id, entityName: row.html_page_name, operation: 'publish' });
    },
  });
  taskQueued();
  return toPage({ ...row, version: 1 });
}

/** Saves the source and the request-id block over the version read; the name stays. */
export async function updatePage(ctx: PageContext, before: PageRow, input: UpdateHtmlPage): Promise<HtmlPage> {
  assertNotDeploying('html-page', before.status);
  const patch = { content: input.content, file_name: input.fileName ?? null, rid_position: input.ridPosition, rid_color: input.ridColor };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updatePageRow(trx, before.id, input.version, patch))) throw new AppError('VERSION_CONFLICT');
    await appendAudit(trx, { actor: ctx.actor, groupName: before.group_name, entity: 'html-page', entityId: before.id, action: 'update', before: auditView(before), after: auditView({ ...before, ...patch }) });
    await enqueueDeploy(trx, { groupName: before.group_name, entity: 'html-page', entityId: before.id, entityName: before.html_page_name, operation: 'publish' });
  });
  taskQueued();
  const after = await findPageRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  const [page] = await toPages(ctx.db, [after]);
  if (!page) throw new AppError('NOT_FOUND');
  return page;
}

/** Deletes a page nothing uses; the built-in page is never deleted. */
export async function deletePage(ctx: PageContext, row: PageRow): Promise<void> {
  if (row.built_in === 1) throw new AppError('BUILTIN_PAGE');
  await removeItem(ctx.db, ctx.actor, { entity: 'html-page', id: row.id, groupName: row.group_name, name: row.html_page_name, status: row.status, auditBefore: auditView(row) });
}
