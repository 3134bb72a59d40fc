// Apart from schemas/text.ts (zod), so that what checks text without zod (the console's sign-in
// form) uses the same rule.

/**
 * Characters no string the API takes may hold: NUL (PostgreSQL refuses it in text, SQLite would
 * keep it) and UTF-16 surrogates standing alone (they have no UTF-8 form; a well-formed pair such
 * as an emoji is one code point and passes). With the `u` flag `\p{Cs}` matches only lone ones.
 */
export const ILLEGAL_CHARACTERS = /[\0\p{Cs}]/u;

/** Field error code of a string holding ILLEGAL_CHARACTERS. */
export const TEXT_FIELD_CODES = ['illegal_characters'] as const;

export const hasIllegalCharacters = (value: string): boolean => ILLEGAL_CHARACTERS.test(value);
