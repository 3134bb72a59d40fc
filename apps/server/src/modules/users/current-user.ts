import type { Kysely } from 'kysely';
import { rolePermissionsSchema, type CurrentUser, type RolePermissions } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { fixedAnswer } from '../../lib/fixed-answers.js';
import { parseOnce } from '../../lib/parse-once.js';
import { currentUserRows } from './users.repository.js';

/** A row of `currentUserRows`: the user (repeated) and one group they belong to, or none. */
export interface CurrentUserRow {
  username: string;
  email: string;
  privilege: 'admin' | 'user';
  phone_number: string | null;
  otp_enabled: number;
  /** 1 or 0 on SQLite, a boolean on PostgreSQL. */
  has_avatar: unknown;
  group_name: string | null;
  role_permissions: string | null;
}

/**
 * A stored role's permissions, checked by the shared schema. The session's user and roles are
 * as the store holds them at each request (db/kept-reads.ts); the parsing of a role's text is
 * done once for that text (a store holds few distinct roles).
 */
const parseRole = parseOnce((text): RolePermissions => rolePermissionsSchema.parse(JSON.parse(text)), 1000);

/** Users made from kept rows, by those rows: the same rows make the same, unchangeable user. */
const usersOfKeptRows = new WeakMap<readonly CurrentUserRow[], CurrentUser>();

/**
 * The signed-in user as GET /api/user shows it, out of the rows of one user; undefined for no
 * rows. Rows kept while the store is unchanged (frozen, db/kept-reads.ts) give one frozen user,
 * made once and written once (lib/fixed-answers.ts); a change to the store gives new rows.
 */
export function toCurrentUser(rows: readonly CurrentUserRow[]): CurrentUser | undefined {
  if (!Object.isFrozen(rows)) return buildCurrentUser(rows);
  let user = usersOfKeptRows.get(rows);
  if (!user) {
    user = buildCurrentUser(rows);
    if (!user) return undefined;
    usersOfKeptRows.set(rows, fixedAnswer(user));
  }
  return user;
}

function buildCurrentUser(rows: readonly CurrentUserRow[]): CurrentUser | undefined {
  const [user] = rows;
  if (!user) return undefined;
  return {
    username: user.username,
    email: user.email,
    privilege: user.privilege,
    phoneNumber: user.phone_number,
    hasAvatar: user.has_avatar === true || Number(user.has_avatar) === 1,
    otpEnabled: user.otp_enabled === 1,
    inGroupsRole: rows.flatMap((m) =>
      m.group_name === null || m.role_permissions === null
        ? []
        : [{ groupName: m.group_name, rolePermissions: parseRole(m.role_permissions) }],
    ),
  };
}

/** The user as GET /api/user shows it, with the groups and roles they hold, read in one query. */
export async function loadCurrentUser(db: Kysely<Database>, userId: string): Promise<CurrentUser | undefined> {
  return toCurrentUser(await currentUserRows(db).where('users.id', '=', userId).execute());
}
