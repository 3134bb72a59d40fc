import type { Kysely } from 'kysely';
import { ALL_GROUPS } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { groupExists } from '../modules/groups/groups.repository.js';

/**
 * An item list shows one group. "All" is the admins' reserved choice in the group picker, not
 * a group (spec §6: a page that needs one group sends the user to the landing page), so it is
 * refused as the reserved name it is, for everyone alike; a group that does not exist is not
 * found, for an admin as for a member. Runs before the access check.
 */
export async function assertListedGroup(db: Kysely<Database>, groupName: string): Promise<void> {
  if (groupName === ALL_GROUPS) throw new AppError('VALIDATION_FAILED', { groupName: 'reserved' });
  if (!(await groupExists(db, groupName))) throw new AppError('NOT_FOUND');
}
