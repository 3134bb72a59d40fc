import { sql, type Kysely, type Migration } from 'kysely';
import { newId } from '../../lib/ids.js';

/**
 * Groups get an id that a rename keeps and a re-created name does not: the socket's rooms are
 * keyed by it, so members of a renamed or deleted group never hear of a new one of that name.
 * Nullable because a rename moves the id from the old row to the new one inside its
 * transaction; a row that somehow has none is given one when first asked for.
 */
export const groupIds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('groups').addColumn('id', 'text').execute();
    const rows = await sql<{ name: string }>`select name from groups`.execute(db);
    for (const row of rows.rows) await sql`update groups set id = ${newId()} where name = ${row.name}`.execute(db);
    await db.schema.createIndex('groups_id_idx').on('groups').column('id').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('groups_id_idx').execute();
    await db.schema.alterTable('groups').dropColumn('id').execute();
  },
};
