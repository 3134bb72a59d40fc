/** Freezes `value` and everything it holds, so callers that share it cannot change it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

const fixed = new WeakSet<object>();

/**
 * An answer that can no longer change: frozen through and through, made once from rows kept
 * while the store is unchanged (db/kept-reads.ts) and handed to every request until it changes.
 * The response serializer checks and writes such an answer once per route schema, not at every
 * request (lib/response-serializer.ts); a change to the store makes new rows, and so a new answer.
 */
export function fixedAnswer<T extends object>(value: T): T {
  fixed.add(deepFreeze(value));
  return value;
}

export const isFixedAnswer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && fixed.has(value);
