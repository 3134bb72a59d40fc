/** The router state a screen leaves for the sign-in page after a password reset (login-notice.tsx). */
export const PASSWORD_RESET_STATE = { passwordReset: true } as const;

export const isPasswordReset = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'passwordReset' in state && state.passwordReset === true;
