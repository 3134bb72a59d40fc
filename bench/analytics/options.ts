/** A command-line option that must be a whole number above zero, read as one or refused. */
export function wholeOption(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number above zero, not ${text}`);
  return value;
}
