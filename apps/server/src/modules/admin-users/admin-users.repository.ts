import type { Kysely, Transaction } from 'kysely';
import { containsIgnoringCase } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { keptCount } from '../../db/kept-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Users whose name or email contains the search text, a page at a time, by username. */
export async function searchUserRows(db: Db, q: { search?: string | undefined; page: number; pageSize: number }) {
  const base = db
    .selectFrom('users')
    .where((eb) => eb.or([containsIgnoringCase('username', q.search), containsIgnoringCase('email', q.search)]));
  const total = await keptCount(db, base);
  const rows = await base
    .selectAll()
    .orderBy('username')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

/** The names of the groups a user belongs to, sorted. */
export async function groupNamesOfUser(db: Db, userId: string): Promise<string[]> {
  return (
    await db
      .selectFrom('group_members')
      .select('group_name')
      .where('user_id', '=', userId)
      .orderBy('group_name')
      .execute()
  ).map((g) => g.group_name);
}
