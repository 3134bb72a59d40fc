import type { Kysely } from 'kysely';
import {
  DEFAULT_HTML_PAGE_NAME,
  RID_COLOR_DEFAULT,
  RID_POSITION_DEFAULT,
  type CreateHtmlPage,
  type HtmlPage,
  type UpdateHtmlPage,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { usersOf } from '../../core/references.repository.js';
import { createItem, deleteItem, updateItem } from '../../core/write-path.js';
import { DEFAULT_PAGE_CONTENT } from './default-page.js';
import { findPageByName, findPageRow } from './html-pages.repository.js';
import { htmlPageKind, type PageRow } from './html-pages.kind.js';

export interface PageContext {
  db: Kysely<Database>;
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
  const users = await usersOf(
    db,
    'html-page',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPage(row, users.get(row.id)));
}

/**
 * Every group has the built-in `default` page (service lines fall back to it). It is made the
 * first time the group's pages are looked at, and deployed like any other page.
 */
export async function ensureDefaultPage(db: Kysely<Database>, groupName: string): Promise<void> {
  if (await findPageByName(db, groupName, DEFAULT_HTML_PAGE_NAME)) return;
  const now = Date.now();
  const row: PageRow = {
    id: newId(),
    group_name: groupName,
    html_page_name: DEFAULT_HTML_PAGE_NAME,
    content: DEFAULT_PAGE_CONTENT,
    file_name: null,
    rid_position: RID_POSITION_DEFAULT,
    rid_color: RID_COLOR_DEFAULT,
    built_in: 1,
    status: 'Deploying',
    last_error: null,
    created_by: SYSTEM_ACTOR,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  try {
    await createItem(db, htmlPageKind, { row, actor: SYSTEM_ACTOR, builtIn: true });
  } catch (error) {
    // Two first looks at once: the other one made it.
    if (!(isAppError(error) && error.code === 'ALREADY_EXISTS')) throw error;
  }
}

export async function createPage(ctx: PageContext, input: CreateHtmlPage): Promise<HtmlPage> {
  await ensureDefaultPage(ctx.db, input.groupName);
  const now = Date.now();
  const row: PageRow = {
    id: newId(),
    group_name: input.groupName,
    html_page_name: input.htmlPageName,
    content: input.content,
    file_name: input.fileName ?? null,
    rid_position: input.ridPosition,
    rid_color: input.ridColor,
    built_in: 0,
    status: 'Deploying',
    last_error: null,
    created_by: ctx.actor,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await createItem(ctx.db, htmlPageKind, { row, actor: ctx.actor });
  return toPage(row);
}

/** Saves the source and the request-id block over the version read; the name stays. */
export async function updatePage(ctx: PageContext, before: PageRow, input: UpdateHtmlPage): Promise<HtmlPage> {
  const patch = {
    content: input.content,
    file_name: input.fileName ?? null,
    rid_position: input.ridPosition,
    rid_color: input.ridColor,
  };
  await updateItem(ctx.db, htmlPageKind, { before, version: input.version, patch, actor: ctx.actor });
  const after = await findPageRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  const [page] = await toPages(ctx.db, [after]);
  if (!page) throw new AppError('NOT_FOUND');
  return page;
}

/** Deletes a page nothing uses; the built-in page is never deleted. */
export async function deletePage(ctx: PageContext, row: PageRow): Promise<void> {
  if (row.built_in === 1) throw new AppError('BUILTIN_PAGE');
  await deleteItem(ctx.db, htmlPageKind, { row, actor: ctx.actor });
}
