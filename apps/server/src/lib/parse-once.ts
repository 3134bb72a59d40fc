import { deepFreeze } from './fixed-answers.js';

/**
 * A parse of stored JSON (checked by a shared schema) done once per distinct text, for texts read
 * on every request: a role's permissions, a line's settings. The text is the key, so a stored
 * value that changes is a new text and a new parse; nothing read from the store is skipped, only
 * the parsing of what was read. At most `size` texts are kept, the oldest dropped first. The
 * results are shared by every caller, so they are frozen: a caller that wants to change one
 * copies it first.
 */
export function parseOnce<T>(parse: (text: string) => T, size: number): (text: string) => T {
  const parsed = new Map<string, T>();
  return (text) => {
    let value = parsed.get(text);
    if (value === undefined) {
      value = deepFreeze(parse(text));
      if (parsed.size >= size) parsed.delete(parsed.keys().next().value as string);
      parsed.set(text, value);
    }
    return value;
  };
}
