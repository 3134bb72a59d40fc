/**
 * Error codes of the API. Each code has one HTTP status and one English message (the text of
 * spec §8 where one exists); the console translates by code, under `errors.<CODE>`.
 */
export const ERROR_CODES = {
  /** The request body or query failed validation; `fields` says which. */
  VALIDATION_FAILED: { status: 400, message: 'Form Error / Error: Please check the form error.' },
  /** The body is not valid JSON. */
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read.' },
  /** The request's address could not be read (a bad percent-encoding in the path). */
  MALFORMED_URL: { status: 400, message: 'The address of the request could not be read.' },
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  /** The body's media type is not one the call accepts. */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupport format' },
  /** Sign-in refused: unknown user or wrong password alike, whether or not a one-time password was given (spec §8). */
  LOGIN_FAILED: { status: 401, message: 'Incorrect username or password, please try again later' },
  /**
   * Sign-in with the right password to an account with two-factor on, but without its one-time
   * password: the form asks for the code. Only someone who knows the password learns this.
   */
  OTP_REQUIRED: { status: 401, message: 'Please enter the one-time password from your authenticator app.' },
  /** The account's email is not confirmed yet; the confirmation mail can be sent again. */
  EMAIL_UNCONFIRMED: {
    status: 403,
    message: 'Please confirm your email address first. We can send the confirmation mail again.',
  },
  /** Sign-up with an email another account has (spec §8). */
  EMAIL_TAKEN: { status: 409, message: 'This email address is already used.' },
  /** Sign-up with a username another account has. */
  USERNAME_TAKEN: { status: 409, message: 'This username is already used.' },
  /** Sign-up failed for a reason that is not the user's (spec §8). */
  REGISTRATION_FAILED: { status: 503, message: 'Registeration failed. Please try again.' },
  /** A mailed link or security token that is unknown, used or expired. */
  TOKEN_INVALID: { status: 400, message: 'This security token is invalid or has expired.' },
  /** The current password given to confirm a change is wrong. */
  PASSWORD_INCORRECT: { status: 400, message: 'The current password is incorrect.' },
  /** The one-time password given (at sign-in, or to confirm a change) is wrong or already used. */
  OTP_INVALID: { status: 400, message: 'The one-time password is incorrect.' },
  /** Two-factor sign-in is already on, or already off. */
  OTP_STATE_CONFLICT: { status: 409, message: 'Two-factor sign-in is already in that state.' },
  /** A state-changing call without the console's header: possibly a cross-site request. */
  CSRF_REJECTED: { status: 403, message: 'The request was refused because it did not come from the console.' },
  /** A create over the group plan's quota (spec §8). */
  QUOTA_EXCEEDED: { status: 403, message: 'Exceed Quota' },
  /** A create refused because nothing is left to create under the quota (spec §8, WAF rules). */
  NO_RULES_AVAILABLE: { status: 403, message: 'Failed to create. There are not available rules to create.' },
  /** A group or username that already exists. */
  ALREADY_EXISTS: { status: 409, message: 'Already exists.' },
  /** The account was disabled by an administrator. */
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled. Please contact your administrator.' },
  /** A change to a certificate whose deployment is still in flight (spec §8 Deploying). */
  CERT_DEPLOYING: { status: 409, message: 'Cert is being deployed. Please try again.' },
  /** A change to an HTML page whose deployment is still in flight. */
  HTML_PAGE_DEPLOYING: { status: 409, message: 'HTML page is being deployed. Please try again.' },
  /** A change to a firewall rule (or an import over one) whose deployment is still in flight (spec §8). */
  WAF_RULE_DEPLOYING: { status: 409, message: 'WAF Rules is being deployed. Please try again.' },
  /** A change to an origin policy whose deployment is still in flight. */
  ORIGIN_POLICY_DEPLOYING: { status: 409, message: 'Origin policy is being deployed. Please try again.' },
  /** Deleting an item a service line or a rule uses (spec §5 "is used by service"); `usedBy` names them. */
  IN_USE: { status: 409, message: 'is used by service' },
  /**
   * The certificate chosen for a line, or uploaded over one lines use, does not cover every
   * domain of those lines; `details.uncovered` names them per line. The request is taken when it
   * is sent again with `confirmUncovered: true`.
   */
  CERT_NOT_COVERING: {
    status: 409,
    message: 'The certificate does not cover every domain of the service lines using it.',
  },
  /** The built-in default HTML page cannot be deleted. */
  BUILTIN_PAGE: { status: 403, message: 'The default page cannot be deleted.' },
  /** An ingest call whose `Authorization: Bearer` token is missing, unknown or revoked. */
  INGEST_TOKEN_INVALID: { status: 401, message: 'The ingest token is missing, unknown or revoked.' },
  /** An ingest batch over INGEST_BATCH_MAX_BYTES (as sent or inflated) or INGEST_BATCH_MAX_LINES records. */
  INGEST_BATCH_TOO_LARGE: { status: 413, message: 'The batch is over the ingest size limit. Send smaller batches.' },
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
  /**
   * The event store has more reads waiting than it takes (docs/soak.md): answered at once, with
   * a Retry-After header, rather than after the reader's timeout.
   */
  EVENT_STORE_BUSY: {
    status: 503,
    message: 'Traffic data is in heavy demand right now. Please try again in a few seconds.',
  },
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

/**
 * The code an error answer stands for when it carries no code of ours: the server's own
 * framework errors (bad JSON, too large...) and, on the client, a proxy's error page. Several
 * codes share a status; this names the generic one of each.
 */
export const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'MALFORMED_BODY',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'VERSION_CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'STORE_UNAVAILABLE',
};
