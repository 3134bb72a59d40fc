import type { AVATAR_TYPES, ChangePasswordRequest } from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { endSessions, type AccountContext } from '../auth/context.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../auth/passwords.js';
import { clearPasswordAttempts, spendPasswordAttempt } from '../auth/sign-in.js';
import { findUserById, updateUser } from '../users/users.repository.js';

/** Changes the password after checking the current one; the account's other sessions end. */
export async function changePassword(
  ctx: AccountContext,
  userId: string,
  sessionId: string,
  input: ChangePasswordRequest,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  await spendPasswordAttempt(ctx, user.username);
  const oldRight = await verifyPassword(user.password_hash, input.oldPassword);
  const common = await isCommonPassword(input.newPassword);
  const fields = {
    ...(oldRight ? {} : { oldPassword: 'invalid' }),
    ...(common ? { newPassword: 'common_password' } : {}),
  };
  if (!oldRight) throw new AppError('PASSWORD_INCORRECT', fields);
  await clearPasswordAttempts(ctx, user.username);
  if (common) throw new AppError('VALIDATION_FAILED', fields);
  await updateUser(ctx.db, userId, { password_hash: await hashPassword(input.newPassword) });
  await endSessions(ctx, userId, sessionId);
}

type AvatarType = (typeof AVATAR_TYPES)[number];

/** The image type of a file by its first bytes, whatever its name or declared type say. */
export function sniffImageType(bytes: Buffer): AvatarType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}
