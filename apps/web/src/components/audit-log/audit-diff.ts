export type DiffKind = 'added' | 'removed' | 'changed';

export interface DiffRow {
  /** Dotted path of the field (rolePermissions.certificates.write). */
  field: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects become dotted paths, so a diff names the leaf that changed; arrays stay whole. */
export function flattenValues(value: Record<string, unknown> | null | undefined, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, inner] of Object.entries(value ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && Object.keys(inner).length > 0)
      for (const [k, v] of flattenValues(inner, path)) out.set(k, v);
    else out.set(path, inner);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an audit entry changed, by path: present only after (added), only before
 * (removed), or in both with another value (changed). A create has no before, a delete no
 * after, so every field of them is added or removed.
 */
export function diffAudit(before: Record<string, unknown> | null, after: Record<string, unknown> | null): DiffRow[] {
  const old = flattenValues(before);
  const next = flattenValues(after);
  const fields = [...new Set([...old.keys(), ...next.keys()])].sort();
  return fields.flatMap((field): DiffRow[] => {
    if (!old.has(field)) return [{ field, kind: 'added', after: next.get(field) }];
    if (!next.has(field)) return [{ field, kind: 'removed', before: old.get(field) }];
    const [b, a] = [old.get(field), next.get(field)];
    return same(b, a) ? [] : [{ field, kind: 'changed', before: b, after: a }];
  });
}
