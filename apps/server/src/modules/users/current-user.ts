import type { Kysely } from 'kysely';
import { rolePermissionsSchema, type CurrentUser } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { hasAvatar } from './avatars.repository.js';
import { findUserById, listMemberships } from './users.repository.js';

/** The signed-in user as GET /api/user shows it, with the groups and roles they hold. */
export async function loadCurrentUser(db: Kysely<Database>, userId: string): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const memberships = await listMemberships(db, userId);
  return {
    username: user.username,
    email: user.email,
    privilege: user.privilege,
    phoneNumber: user.phone_number,
    hasAvatar: await hasAvatar(db, userId),
    otpEnabled: user.otp_enabled === 1,
    inGroupsRole: memberships.map((m) => ({
      groupName: m.group_name,
      rolePermissions: rolePermissionsSchema.parse(JSON.parse(m.role_permissions)),
    })),
  };
}
