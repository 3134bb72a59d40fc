import { z } from 'zod';

/**
 * Characters no string the API takes may hold: NUL (PostgreSQL refuses it in text, SQLite would
 * keep it) and UTF-16 surrogates standing alone (they have no UTF-8 form; a well-formed pair such
 * as an emoji is one code point and passes). With the `u` flag `\p{Cs}` matches only lone ones.
 */
export const ILLEGAL_CHARACTERS = /[\0\p{Cs}]/u;

/** Field error code of a string holding ILLEGAL_CHARACTERS. */
export const TEXT_FIELD_CODES = ['illegal_characters'] as const;

export const hasIllegalCharacters = (value: string): boolean => ILLEGAL_CHARACTERS.test(value);

/**
 * The one string schema of every shared contract: a zod string that refuses ILLEGAL_CHARACTERS
 * with `illegal_characters`, before any other rule chained after it. Lint forbids `z.string(`
 * elsewhere under schemas/, so no field can skip it. Lives apart from common.ts, which imports
 * every area's field codes and would make an import cycle.
 */
export function text() {
  return z.string().refine((value) => !hasIllegalCharacters(value), { message: 'illegal_characters' });
}
