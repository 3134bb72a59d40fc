import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, HtmlPagesTable } from '../../db/schema.js';
import type { HtmlPageListQuery } from '@parapet/shared';
import { containsIgnoringCase } from '../../db/dialect.js';
import { itemFilters } from '../../lib/list-filters.js';
import { keptCount } from '../../db/kept-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The built-in page first, then by name. */
export async function listPageRows(db: Db, q: HtmlPageListQuery) {
  const base = db
    .selectFrom('html_pages')
    .where('group_name', '=', q.groupName)
    .where(containsIgnoringCase('html_page_name', q.search))
    .where(itemFilters(q))
    .$if(q.ridPosition !== undefined, (qb) =>
      qb.where('rid_position', '=', q.ridPosition as NonNullable<HtmlPageListQuery['ridPosition']>),
    )
    .$if(q.ridColor !== undefined, (qb) =>
      qb.where('rid_color', '=', q.ridColor as NonNullable<HtmlPageListQuery['ridColor']>),
    );
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('built_in', 'desc')
    .orderBy('html_page_name')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

export const findPageRow = (db: Db, id: string) =>
  db.selectFrom('html_pages').selectAll().where('id', '=', id).executeTakeFirst();

export const findPageByName = (db: Db, groupName: string, name: string) =>
  db
    .selectFrom('html_pages')
    .select('id')
    .where('group_name', '=', groupName)
    .where('html_page_name', '=', name)
    .executeTakeFirst();

/** Pages counted against the quota: the built-in page is free. */
export async function countPages(db: Db, groupName: string): Promise<number> {
  const row = await db
    .selectFrom('html_pages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_name', '=', groupName)
    .where('built_in', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPageRow(db: Db, row: Insertable<HtmlPagesTable>): Promise<void> {
  await db.insertInto('html_pages').values(row).execute();
}
