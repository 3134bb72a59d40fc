import { ERROR_CODES, type ErrorCode, type ErrorDetails } from '@parapet/shared';

/**
 * The one error type services throw. The error plugin turns it into the HTTP status of its
 * code and the JSON body {code, message, fields}.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** With IN_USE: the service lines and rules that use the item. */
  readonly usedBy: string[] | undefined;
  /** What names the items at fault: uncovered domains, the line that has a domain... */
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, fields?: Record<string, string>, extra?: { usedBy?: string[]; details?: ErrorDetails }) {
    super(ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.fields = fields;
    this.usedBy = extra?.usedBy;
    this.details = extra?.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
