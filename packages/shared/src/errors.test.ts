import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_CODE_LIST, isErrorCode } from './errors.js';

describe('error codes', () => {
  it('each has an HTTP error status and an English message', () => {
    for (const code of ERROR_CODE_LIST) {
      expect(ERROR_CODES[code].status, code).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES[code].message.trim(), code).not.toBe('');
    }
  });

  it('recognises only its own codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
