import { z } from 'zod';
import { text } from './text.js';
import {
  USERNAME_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  OTP_TOKEN_PATTERN,
  PHONE_PATTERN,
} from '../account.js';

/** The zod schemas of accounts; their limits and paths are in ../account.ts. */
export const usernameSchema = text().trim().min(USERNAME_MIN_LENGTH).max(USERNAME_MAX_LENGTH).regex(USERNAME_PATTERN);
const emailFormat = z.email();
/** `user@localhost`, any case; the local part is checked as any other address's. */
const LOCALHOST_EMAIL = /^([^@\s]+)@localhost$/i;
/**
 * A mail address; also `user@localhost`, the one single-label host accepted, because the first
 * admin's default address is `<ADMIN_USERNAME>@localhost` and they must be able to use
 * forgot-password with it. Other single-label hosts (`ada@intranet`) stay refused: they are
 * typos far more often than real mail domains.
 */
const isEmailAddress = (value: string): boolean => {
  if (emailFormat.safeParse(value).success) return true;
  const local = LOCALHOST_EMAIL.exec(value)?.[1];
  return local !== undefined && emailFormat.safeParse(`${local}@example.com`).success;
};
export const emailSchema = text().trim().max(EMAIL_MAX_LENGTH).refine(isEmailAddress, { message: 'invalid_format' });
/** A new password; the server also refuses the most common ones. */
export const newPasswordSchema = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** A password being checked, not chosen: only its presence and size matter. */
export const givenPasswordSchema = text().min(1).max(PASSWORD_MAX_LENGTH);
export const otpTokenSchema = text().trim().regex(OTP_TOKEN_PATTERN);

export const okSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

export const loginRequestSchema = z
  .object({
    username: text().trim().min(1).max(EMAIL_MAX_LENGTH),
    password: givenPasswordSchema,
    /** The one-time password, for accounts with two-factor sign-in on. */
    token: z.union([otpTokenSchema, z.literal('')]).optional(),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z
  .object({ email: emailSchema, username: usernameSchema, password: newPasswordSchema })
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form: the request plus the repeated password, which must match. */
export const signupFormSchema = signupRequestSchema
  .extend({ confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });

export const emailRequestSchema = z.object({ email: emailSchema }).meta({ id: 'EmailRequest' });
export const credentialsRequestSchema = z
  .object({ username: text().trim().min(1).max(EMAIL_MAX_LENGTH), password: givenPasswordSchema })
  .meta({ id: 'CredentialsRequest' });

export const tokenQuerySchema = z.object({ token: text().trim().min(1).max(256) });

export const changePasswordRequestSchema = z
  .object({ oldPassword: givenPasswordSchema, newPassword: newPasswordSchema })
  .refine((v) => v.oldPassword !== v.newPassword, { path: ['newPassword'], message: 'same_as_old' })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** What a valid reset link tells the reset page before the user fills it in. */
export const resetTokenInfoSchema = z
  .object({ username: text(), otpRequired: z.boolean() })
  .meta({ id: 'ResetTokenInfo' });

/** POST /user/validate-resetpassword-token?token=: the new password, and the OTP when two-factor is on. */
export const resetPasswordRequestSchema = z
  .object({
    username: text().trim().min(1).max(EMAIL_MAX_LENGTH),
    password: newPasswordSchema,
    otpToken: z.union([otpTokenSchema, z.literal('')]).optional(),
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /user/resetuserdata: resets the one-time-password setup with the mailed token and a new password. */
export const resetOtpRequestSchema = z
  .object({ token: text().trim().min(1).max(256), password: newPasswordSchema })
  .meta({ id: 'ResetOtpRequest' });
export type ResetOtpRequest = z.infer<typeof resetOtpRequestSchema>;

/** A new one-time-password secret, to scan as a QR code or type in. */
export const otpSetupSchema = z
  .object({ secret: text(), otpauthUrl: text(), qrDataUrl: text().describe('PNG data URL of the QR code') })
  .meta({ id: 'OtpSetup' });
export type OtpSetup = z.infer<typeof otpSetupSchema>;

export const otpEnableRequestSchema = z.object({ token: otpTokenSchema }).meta({ id: 'OtpEnableRequest' });
export const otpDisableRequestSchema = z
  .object({ password: givenPasswordSchema, token: otpTokenSchema })
  .meta({ id: 'OtpDisableRequest' });

export const profileUpdateSchema = z
  .object({ phoneNumber: z.union([text().trim().regex(PHONE_PATTERN), z.literal('')]).nullable() })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
