import fc from 'fast-check';

/**
 * Values an attacker or a broken client sends in place of a field. None of them contains the
 * words the leak check looks for (SQL keywords, `Error:`, file paths), so an answer that echoes
 * one back is not mistaken for a leak.
 */

/** A string of about 1 MB: fits the JSON body limit once quoted. */
export const ONE_MB = 'a'.repeat(1_000_000);
/** A string past the JSON body limit (1 MiB) on its own: the body must be refused, not parsed. */
export const PAST_BODY_LIMIT = 'b'.repeat(1024 * 1024 + 1);

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'name\u0000tail',
  '\uD800',
  'lone\uDFFFsurrogate',
  '\uDBFF\uDBFF',
  '\uFEFF\u200B\u202E',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/',
  '.',
  '..',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '\\',
  '%',
  '_',
  '*',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  'all',
  'ALL',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '🔥'.repeat(300),
  'é'.repeat(5000),
  ONE_MB,
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  1e-300,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 1, -1, '', 'x', [], [null], {}, { a: 1 }];

/** An object carrying a key that would pollute a prototype if copied naively. */
export function withPrototypeKey(target: Record<string, unknown>, key: string): Record<string, unknown> {
  // JSON.parse makes `__proto__` an own key, as a server's JSON parser sees it.
  const poison = JSON.parse(`{${JSON.stringify(key)}: {"polluted": true, "prototype": {"polluted": true}}}`);
  return { ...target, ...poison };
}

/** Numbers at, just past and far past the bounds of a numeric schema. */
export function boundaryNumbers(schema: { minimum?: number; maximum?: number; exclusiveMinimum?: number }): number[] {
  const out: number[] = [];
  for (const bound of [schema.minimum, schema.exclusiveMinimum]) {
    if (bound === undefined) continue;
    out.push(bound, bound - 1, bound - 0.5, bound - 1e6, bound - 2 ** 53);
  }
  if (schema.maximum !== undefined) {
    const max = schema.maximum;
    out.push(max, max + 1, max + 0.5, max * 2 + 1, max + 2 ** 53);
  }
  return out;
}

/** Strings at, just past and far past the length bounds of a string schema. */
export function boundaryStrings(schema: { minLength?: number; maxLength?: number }): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined) {
    out.push('m'.repeat(schema.minLength));
    if (schema.minLength > 0) out.push('m'.repeat(schema.minLength - 1));
  }
  if (schema.maxLength !== undefined) {
    out.push('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1));
    // Past the bound in UTF-16 units but not in code points, and the other way round.
    out.push('😀'.repeat(Math.ceil((schema.maxLength + 1) / 2)));
    out.push('x'.repeat(Math.min(schema.maxLength * 10 + 10, 2_000_000)));
  }
  return out;
}

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    // Lone surrogates and NUL inside otherwise ordinary text.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\uD800', '\uDC00', '../', '__proto__'))
        .map(([text, bad]) => `${text}${bad}${text}`),
    },
  );

export const hostileNumber = (): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }));
