import { loginRequestSchema } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { schemaFieldErrors } from '@/lib/form-rules';
import { checkLogin, type LoginValues } from './login-check';

// The sign-in form checks without zod; these cases hold it to the shared schema's answers.
const long = (n: number) => 'a'.repeat(n);
const CASES: Partial<LoginValues>[] = [
  {},
  { username: 'ada', password: 'secret' },
  { username: '  ada  ', password: 'secret' },
  { username: '   ', password: 'secret' },
  { username: 'ada', password: '   ' },
  { username: long(254), password: long(128) },
  { username: long(255), password: long(129) },
  { username: ` ${long(254)} `, password: 'x' },
  { username: 'a\0da', password: 'x\0' },
  { username: 'ada', password: 'secret', token: '123456' },
  { username: 'ada', password: 'secret', token: ' 123456 ' },
  { username: 'ada', password: 'secret', token: '12345' },
  { username: 'ada', password: 'secret', token: '1234567' },
  { username: 'ada', password: 'secret', token: 'abcdef' },
  { username: 'ada', password: 'secret', token: '   ' },
  { username: 'ada', password: 'secret', token: '12\u00003456' },
  { username: 'ada', password: 'secret', token: '12 345' },
  { username: 'ada\uD800', password: '\uD83D\uDE00' },
];

describe('checkLogin', () => {
  it.each(CASES)('finds what loginRequestSchema finds in %j', (partial) => {
    const values: LoginValues = { username: '', password: '', token: '', ...partial };
    expect(checkLogin(values)).toEqual(schemaFieldErrors(loginRequestSchema, values));
  });
});
