import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rethrowTaken } from '../../core/taken.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { appendAudit } from '../audit/audit.repository.js';
import { hashPassword, isCommonPassword } from '../auth/passwords.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { findUserByEmail, findUserByUsernameInsensitive, insertUser, updateUser } from '../users/users.repository.js';
import { groupNamesOfUser, searchUserRows } from './admin-users.repository.js';

type Row = {
  id: string;
  username: string;
  email: string;
  privilege: 'admin' | 'user';
  disabled?: number;
  email_confirmed: number;
  otp_enabled: number;
  created_at: number;
};

async function toAdminUser(db: Kysely<Database>, row: Row) {
  const groups = await groupNamesOfUser(db, row.id);
  return {
    username: row.username,
    email: row.email,
    privilege: row.privilege,
    disabled: row.disabled === 1,
    emailConfirmed: row.email_confirmed === 1,
    otpEnabled: row.otp_enabled === 1,
    groups,
    createdAt: row.created_at,
  };
}

/** Users whose name or email contains the search text, a page at a time. */
export async function searchUsers(
  db: Kysely<Database>,
  q: { search?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await searchUserRows(db, q);
  return { items: await Promise.all(rows.map((r) => toAdminUser(db, r))), total };
}

/** An administrator makes a confirmed account, to be added to groups next. */
export async function createUser(
  db: Kysely<Database>,
  actor: string,
  input: { username: string; email: string; password: string },
) {
  const fields: Record<string, string> = {};
  if (await isCommonPassword(input.password)) fields.password = 'common_password';
  if (await findUserByEmail(db, input.email)) fields.email = 'taken';
  if (await findUserByUsernameInsensitive(db, input.username)) fields.username = 'taken';
  if (fields.email) throw new AppError('EMAIL_TAKEN', fields);
  if (fields.username) throw new AppError('USERNAME_TAKEN', fields);
  if (fields.password) throw new AppError('VALIDATION_FAILED', fields);
  const now = Date.now();
  const row = {
    id: newId(),
    username: input.username,
    email: input.email.toLowerCase(),
    privilege: 'user' as const,
    email_confirmed: 1,
    otp_enabled: 0,
    disabled: 0,
    created_at: now,
  };
  const passwordHash = await hashPassword(input.password);
  await db
    .transaction()
    .execute(async (trx) => {
      await insertUser(trx, {
        ...row,
        password_hash: passwordHash,
        phone_number: null,
        otp_secret: null,
        updated_at: now,
      });
      await appendAudit(trx, {
        actor,
        groupName: null,
        entity: 'user',
        entityId: input.username,
        action: 'create',
        before: null,
        after: { username: input.username, email: row.email },
      });
    })
    // Two admins making one account at once: the loser hears what the check above says.
    .catch((error: unknown) =>
      rethrowTaken(error, {
        email: () => new AppError('EMAIL_TAKEN', { email: 'taken' }),
        username: () => new AppError('USERNAME_TAKEN', { username: 'taken' }),
      }),
    );
  return toAdminUser(db, row);
}

/** Disables or re-enables an account; disabling ends its sessions at once. */
export async function setUserDisabled(
  db: Kysely<Database>,
  actor: string,
  username: string,
  disabled: boolean,
  endSession: (id: string) => void,
) {
  const user = await findUserByUsernameInsensitive(db, username);
  if (!user) throw new AppError('NOT_FOUND');
  if (user.privilege === 'admin' && disabled) throw new AppError('FORBIDDEN');
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { disabled: disabled ? 1 : 0 });
    await appendAudit(trx, {
      actor,
      groupName: null,
      entity: 'user',
      entityId: user.username,
      action: 'update',
      before: { disabled: user.disabled === 1 },
      after: { disabled },
    });
  });
  if (disabled) for (const id of await deleteUserSessions(db, user.id)) endSession(id);
  return toAdminUser(db, { ...user, disabled: disabled ? 1 : 0 });
}
