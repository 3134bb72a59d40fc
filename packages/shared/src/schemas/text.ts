import { z } from 'zod';
import { hasIllegalCharacters } from '../characters.js';

/**
 * The one string schema of every shared contract: a zod string that refuses ILLEGAL_CHARACTERS
 * with `illegal_characters`, before any other rule chained after it. Lint forbids `z.string(`
 * elsewhere under schemas/, so no field can skip it. Lives apart from common.ts, which imports
 * every area's field codes and would make an import cycle.
 */
export function text() {
  return z.string().refine((value) => !hasIllegalCharacters(value), { message: 'illegal_characters' });
}
