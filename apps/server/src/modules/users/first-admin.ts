import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { countUsers, findUserByUsername, insertUser } from './users.repository.js';
import { hashPassword } from '../auth/passwords.js';

export interface FirstAdminSettings {
  username: string;
  password: string | undefined;
  email: string;
}

/**
 * On an empty store, creates the first admin. Without a configured password a random one is
 * made and printed once; it is never stored anywhere but as its hash.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  admin: FirstAdminSettings,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const password = admin.password ?? randomBytes(18).toString('base64url');
  const now = Date.now();
  try {
    await insertUser(db, {
      id: newId(),
      username: admin.username,
      email: admin.email,
      password_hash: await hashPassword(password),
      privilege: 'admin',
      phone_number: null,
      email_confirmed: 1,
      otp_secret: null,
      otp_enabled: 0,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Two servers starting together on one PostgreSQL: the other one won the race.
    if (await findUserByUsername(db, admin.username)) return false;
    throw error;
  }
  if (admin.password) {
    log.info({ username: admin.username }, 'first admin created from ADMIN_USERNAME and ADMIN_PASSWORD');
  } else {
    log.warn(
      { username: admin.username },
      `first admin "${admin.username}" created with a random password, shown only this once: ${password}`,
    );
  }
  return true;
}
