import { changePasswordRequestSchema, profileUpdateSchema, signupFormSchema } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { schemaFieldErrors, toFieldErrorCode } from './form-rules';

describe('schemaFieldErrors', () => {
  it('reports every bad field by code, an empty one as required', () => {
    expect(
      schemaFieldErrors(signupFormSchema, { email: 'nope', username: '', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      email: 'invalid_format',
      username: 'required',
      password: 'too_small',
      confirmPassword: 'mismatch',
    });
  });

  it('uses the code a refinement carries (same_as_old) and accepts valid values', () => {
    expect(
      schemaFieldErrors(changePasswordRequestSchema, { oldPassword: 'correct-horse', newPassword: 'correct-horse' }),
    ).toEqual({ newPassword: 'same_as_old' });
    expect(schemaFieldErrors(profileUpdateSchema, { phoneNumber: '' })).toEqual({});
    expect(schemaFieldErrors(profileUpdateSchema, { phoneNumber: 'call me' })).toEqual({
      phoneNumber: 'invalid_format',
    });
  });

  it('reads unknown server codes as invalid', () => {
    expect(toFieldErrorCode('common_password')).toBe('common_password');
    expect(toFieldErrorCode('something_new')).toBe('invalid');
  });
});
