import {
  EMAIL_MAX_LENGTH,
  hasIllegalCharacters,
  OTP_TOKEN_PATTERN,
  PASSWORD_MAX_LENGTH,
  type FieldErrorCode,
} from '@parapet/shared';

/** What the sign-in form holds. */
export interface LoginValues {
  username: string;
  password: string;
  token: string;
}

export type LoginProblems = Partial<Record<keyof LoginValues, FieldErrorCode>>;

/** A value's first problem as the schema-driven forms name it (form-rules.ts): empty first. */
function textProblem(value: string, max: number, emptyAfterTrim: boolean): FieldErrorCode | undefined {
  if (value === '' || (emptyAfterTrim && value.trim() === '')) return 'required';
  if (hasIllegalCharacters(value)) return 'illegal_characters';
  if ((emptyAfterTrim ? value.trim() : value).length > max) return 'too_big';
  return undefined;
}

/**
 * The sign-in form's check: the rules of the shared `loginRequestSchema`, written with its
 * limits, so the sign-in page loads no zod (docs/speed.md). login-check.test.ts holds the two
 * equal, case by case; the codes are the `fieldErrors` messages the other forms show.
 */
export function checkLogin({ username, password, token }: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const user = textProblem(username, EMAIL_MAX_LENGTH, true);
  if (user) problems.username = user;
  const pass = textProblem(password, PASSWORD_MAX_LENGTH, false);
  if (pass) problems.password = pass;
  // Optional; given, it is six digits once trimmed. Blanks only read as "required".
  if (token !== '' && !OTP_TOKEN_PATTERN.test(token.trim()))
    problems.token =
      token.trim() === '' ? 'required' : hasIllegalCharacters(token) ? 'illegal_characters' : 'invalid_format';
  return problems;
}
