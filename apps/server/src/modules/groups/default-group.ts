import type { Kysely } from 'kysely';
import { DEFAULT_GROUP, DEFAULT_PLAN, fullAccess } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { adminUserIds, anyGroupExists, groupExists, insertGroup, upsertMember } from './groups.repository.js';

/**
 * A fresh install has one group, `default`, holding the admins. Run at every start; it does
 * nothing once any group exists.
 */
export async function ensureDefaultGroup(db: Kysely<Database>): Promise<void> {
  if (await anyGroupExists(db)) return;
  const admins = await adminUserIds(db);
  try {
    await db.transaction().execute(async (trx) => {
      await insertGroup(trx, DEFAULT_GROUP, DEFAULT_PLAN);
      for (const admin of admins) await upsertMember(trx, DEFAULT_GROUP, admin, fullAccess());
    });
  } catch (error) {
    // Two servers starting together on one empty PostgreSQL: the other one made it first (seen
    // as "duplicate key value violates unique constraint groups_pkey", and a server that did
    // not start; test/cluster/two-servers.test.ts starts two at once).
    if (await groupExists(db, DEFAULT_GROUP)) return;
    throw error;
  }
}

/** A free group name for a new customer, made from their username ("Ann.Lee" → "ann-lee", then "ann-lee-2"...). */
export async function freeGroupName(db: Kysely<Database>, username: string): Promise<string> {
  const base = username
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 28)
    .padEnd(2, '0');
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!(await groupExists(db, name))) return name;
  }
}
