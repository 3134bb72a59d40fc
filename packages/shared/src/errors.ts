/**
 * Error codes of the API. Each code has one HTTP status and one English message (the text of
 * spec §8 where one exists); the console translates by code, under `errors.<CODE>`.
 */
export const ERROR_CODES = {
  /** The request body or query failed validation; `fields` says which. */
  VALIDATION_FAILED: { status: 400, message: 'Form Error / Error: Please check the form error.' },
  /** The body is not valid JSON. */
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read.' },
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  /** The body's media type is not one the call accepts. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupport format' },
  /** No session, or it expired. */
  UNAUTHENTICATED: { status: 401, message: 'Please sign in.' },
  /** Signed in, but not allowed to do this. */
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  /** No such API path or entity. */
  NOT_FOUND: { status: 404, message: 'Not found.' },
  /** The method is not allowed on this path. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  /** Someone else changed the entity since it was read. */
  VERSION_CONFLICT: { status: 409, message: 'This item was changed by someone else. Reload it and try again.' },
  /** Too many requests from this client or for this account. */
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  /** The store does not answer. */
  STORE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
  /** Anything unexpected; details go to the log only. */
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
