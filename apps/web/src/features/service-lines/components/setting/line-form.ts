import { originSchema, type ServiceLine, type ServiceLineSettings } from '@parapet/shared';

/** How one tab's form maps to the line: its values from the line, and the line's fields back. */
export interface TabFormSpec<V> {
  toForm: (line: ServiceLine) => V;
  /** The changed settings; `base` is the line the form was filled from. */
  toChanges: (values: V, base: ServiceLine) => Partial<ServiceLine>;
}

/** A tab whose form holds some of the line's fields unchanged in shape. */
export function pickSpec<K extends keyof ServiceLineSettings>(keys: readonly K[]): TabFormSpec<Pick<ServiceLine, K>> {
  const pick = (from: Pick<ServiceLine, K>) =>
    Object.fromEntries(keys.map((key) => [key, structuredClone(from[key])])) as Pick<ServiceLine, K>;
  return { toForm: pick, toChanges: pick };
}

/** What a save posts: the whole line as it was read (its version included) and the tab's changes. */
export function lineBody<V>(base: ServiceLine, spec: TabFormSpec<V>, values: V): ServiceLine {
  return { ...base, ...spec.toChanges(values, base) };
}

/**
 * The spec as a user may save it: changes only to the settings they may write (their children's,
 * `lineFieldsOf`), every other setting sent as it was read, so a save never needs a child's write
 * the user lacks. A tab's fields of another child are also disabled; this holds if one slips.
 */
export function writableSpec<V>(
  spec: TabFormSpec<V>,
  writable: ReadonlySet<keyof ServiceLineSettings>,
): TabFormSpec<V> {
  return {
    toForm: spec.toForm,
    toChanges: (values, base) => {
      const changes = spec.toChanges(values, base);
      return Object.fromEntries(
        Object.entries(changes).filter(([key]) => writable.has(key as keyof ServiceLineSettings)),
      ) as Partial<ServiceLine>;
    },
  };
}

/**
 * The form field a problem path shows on: the field registered under that path, or else the
 * nearest enclosing one (`httpsPort.0` → the tag box `httpsPort`; `usedOriginPolicies.1.regionName.0`
 * → that row's region box). Undefined when no field of the form holds it.
 */
export function fieldOfPath(path: string, registered: ReadonlySet<string>): string | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const candidate = parts.slice(0, n).join('.');
    if (registered.has(candidate)) return candidate;
  }
  return undefined;
}

/** The settings' own defaults (an origin row, a region row), from the shared schema. */
const ORIGIN_DEFAULTS = originSchema.omit({ address: true }).parse({});
export const newOriginRow = (): ServiceLine['origins'][number] => ({ address: '', ...ORIGIN_DEFAULTS });
export const newPolicyRow = (): ServiceLine['usedOriginPolicies'][number] => ({ regionName: [], originPolicyName: '' });

/** Multi-line list text (cache patterns, WebSocket paths) as its lines, blanks left out. */
export const textLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
