import { uniqueViolation } from '../db/dialect.js';
import type { AppError } from '../lib/app-error.js';

/**
 * Turns the store's refusal of a duplicate into the answer a caller arriving a moment later
 * gets from the check before the write: two callers racing for one name both pass that check,
 * and the loser's insert (or rename) runs into the unique key. `answers` maps the key's
 * column to that answer; any other error goes on unchanged.
 */
export function rethrowTaken(error: unknown, answers: Record<string, () => AppError>): never {
  const hit = uniqueViolation(error);
  const column = hit?.columns.find((c) => Object.hasOwn(answers, c));
  const answer = column === undefined ? undefined : answers[column];
  throw answer ? answer() : error;
}
