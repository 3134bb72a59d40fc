import { describe, expect, it } from 'vitest';
import { emailSchema } from './account.js';

describe('emailSchema', () => {
  it.each(['ada@example.com', 'Ada.Lovelace+cdn@mail.example.co.uk', '  ada@example.com  '])('accepts %j', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });

  it.each(['admin@localhost', 'root@LOCALHOST', 'first.admin@localhost'])(
    "accepts %j: the first admin's default address is at localhost",
    (email) => {
      expect(emailSchema.safeParse(email).success).toBe(true);
    },
  );

  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@intranet',
    'ada@localhost.',
    'a b@localhost',
    '@localhost',
    'ada@@localhost',
    'ada@local-host',
  ])('refuses %j with invalid_format', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('invalid_format');
  });
});
