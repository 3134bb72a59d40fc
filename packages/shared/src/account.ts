/**
 * Accounts (spec §1, §2 Login/Sign up/Reset/Profile, §5 Passwords and sign-up, §7 /user calls).
 * Every rule here is checked by the console's forms and again by the server. The limits and
 * paths live apart from their zod schemas (schemas/account.ts) so that the console's sign-in page,
 * which needs them, does not load zod.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
/** Letters, digits and . _ - ; starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
export const OTP_TOKEN_PATTERN = /^\d{6}$/;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{4,32}$/;
/** Reset and confirmation links stop working after this long. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** Avatars: PNG, JPEG or WebP, checked by content, up to 1 MB. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The header every state-changing call must carry (CSRF defence beside SameSite cookies). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'parapet';

/**
 * Per-IP and per-account attempt limits: at most `max` attempts in `windowMs`. Over it the
 * call answers 429 RATE_LIMITED.
 */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  otpPerAccount: { max: 10, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  /** Sign-up must say when an address is taken (spec §8); this keeps that from being a fast lookup of addresses. */
  signupPerEmail: { max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 20, windowMs: 15 * 60_000 },
} as const;

/** Field error codes of these rules beyond zod's own; custom issues carry them as the message. */
export const ACCOUNT_FIELD_CODES = ['mismatch', 'same_as_old', 'common_password'] as const;

/** Paths of the account calls, under API_PREFIX. Spec §7 fixes the first ones. */
export const USER_API = {
  me: '/user',
  login: '/user/login',
  logout: '/user/logout',
  setAvatar: '/user/set-user-avatar',
  resetUserData: '/user/resetuserdata',
  validateResetOtpToken: '/user/validate-resetOTP-token',
  validateResetPasswordToken: '/user/validate-resetpassword-token',
  signup: '/user/signup',
  confirm: '/user/confirm',
  resendConfirmation: '/user/resend-confirmation',
  forgotPassword: '/user/forgot-password',
  forgotOtp: '/user/forgot-otp',
  changePassword: '/user/change-password',
  profile: '/user/profile',
  avatar: '/user/avatar',
  otpSetup: '/user/otp/setup',
  otpEnable: '/user/otp/enable',
  otpDisable: '/user/otp/disable',
  otpResetRequest: '/user/otp/reset-request',
} as const;
