import type { Messages } from './index';

/** Flattens nested messages to dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flattenMessages(messages: Messages, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Every way the locales disagree, as readable lines ("zh-CN/nav: missing menu.certs"). The
 * reference locale must be complete too; any key in one locale and not another is reported
 * from both sides, and interpolation placeholders must match.
 */
export function findLocaleProblems(resources: Record<string, Record<string, Messages>>, reference: string): string[] {
  const problems: string[] = [];
  const locales = Object.keys(resources);
  const namespaces = new Set(locales.flatMap((locale) => Object.keys(resources[locale] ?? {})));
  for (const ns of [...namespaces].sort()) {
    const ref = resources[reference]?.[ns];
    if (!ref) problems.push(`${reference}/${ns}: namespace missing`);
    const refFlat = flattenMessages(ref ?? {});
    for (const [key, value] of refFlat)
      if (!isText(value)) problems.push(`${reference}/${ns}: ${key} is not a non-empty string`);
    for (const locale of locales.filter((l) => l !== reference)) {
      const other = resources[locale]?.[ns];
      if (!other) {
        problems.push(`${locale}/${ns}: namespace missing`);
        continue;
      }
      const flat = flattenMessages(other);
      for (const [key, refValue] of refFlat) {
        const value = flat.get(key);
        if (!flat.has(key)) problems.push(`${locale}/${ns}: missing ${key}`);
        else if (!isText(value)) problems.push(`${locale}/${ns}: ${key} is not a non-empty string`);
        else if (isText(refValue) && placeholders(refValue) !== placeholders(value))
          problems.push(`${locale}/${ns}: ${key} has other placeholders`);
      }
      for (const key of flat.keys())
        if (!refFlat.has(key)) problems.push(`${locale}/${ns}: extra ${key} (not in ${reference})`);
    }
  }
  return problems;
}
