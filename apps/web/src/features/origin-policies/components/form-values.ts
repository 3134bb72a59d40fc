import { originPolicySettingsSchema, originSchema, type OriginPolicy, type OriginPolicyInput } from '@parapet/shared';

/** One origin row of the form; an emptied weight box reads as null. */
export interface OriginRow {
  address: string;
  weight: number | null;
  backup: boolean;
  enabled: boolean;
}

type Settings = Omit<OriginPolicyInput, 'policyName' | 'origins'>;

/** What the form holds: the request's fields, with origins as rows (and the group on create). */
export interface PolicyFormValues extends Settings {
  groupName?: string;
  policyName: string;
  origins: OriginRow[];
}

/** Every default comes from the shared schema's own `.default()`s, so the form and the server agree. */
export const SETTINGS_DEFAULTS: Settings = originPolicySettingsSchema.omit({ origins: true }).parse({});
export const ORIGIN_DEFAULTS = originSchema.omit({ address: true }).parse({});
const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS) as (keyof Settings)[];
const shape = originPolicySettingsSchema.shape;

export const newOriginRow = (): OriginRow => ({ address: '', ...ORIGIN_DEFAULTS });

/** A new policy's form (defaults, one empty origin) or an existing one's, as the list showed it. */
export function initialFormValues(groupName: string, policy?: OriginPolicy): PolicyFormValues {
  if (!policy) return { groupName, policyName: '', ...structuredClone(SETTINGS_DEFAULTS), origins: [newOriginRow()] };
  const settings = Object.fromEntries(
    SETTING_KEYS.map((key) => [key, structuredClone(policy[key])]),
  ) as unknown as Settings;
  return { policyName: policy.policyName, ...settings, origins: policy.origins.map((o) => ({ ...o })) };
}

/** A hidden field keeps what was typed; it is sent only when valid, else its default. */
const validOr = <T>(schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown, fallback: T): T =>
  schema.safeParse(value).success ? (value as T) : fallback;

/**
 * The request body from the form. Weights matter only to the `weight` method: otherwise the
 * weight box is hidden, and a row's weight is sent only if valid (else the default), so a
 * value typed under another method can never block the save. The same for the HTTP-only
 * probe fields under TCP.
 */
export function toPolicyInput(values: PolicyFormValues): OriginPolicyInput {
  const weighted = values.loadBalancerMethod === 'weight';
  const http = values.healthCheckMode === 'http';
  const settings = Object.fromEntries(SETTING_KEYS.map((key) => [key, values[key]])) as unknown as Settings;
  return {
    ...settings,
    policyName: values.policyName.trim(),
    origins: values.origins.map((o) => ({
      address: o.address.trim(),
      weight: weighted
        ? (o.weight ?? ORIGIN_DEFAULTS.weight)
        : validOr(originSchema.shape.weight, o.weight, ORIGIN_DEFAULTS.weight),
      backup: o.backup,
      enabled: o.enabled,
    })),
    healthCheckUri: http
      ? values.healthCheckUri.trim()
      : validOr(shape.healthCheckUri, values.healthCheckUri, SETTINGS_DEFAULTS.healthCheckUri),
    healthCheckHttpCode: http
      ? values.healthCheckHttpCode
      : validOr(shape.healthCheckHttpCode, values.healthCheckHttpCode, SETTINGS_DEFAULTS.healthCheckHttpCode),
  };
}

/** Fields whose problems arrive per item (`region.1`) but show under the whole list's box. */
export const LIST_FIELDS = ['region', 'healthCheckHttpCode'] as const;

/** The form field a problem path belongs to: `region.1` → `region`; origin rows keep their index. */
export function formFieldOf(path: string): string {
  const list = LIST_FIELDS.find((name) => path.startsWith(`${name}.`));
  return list ?? path;
}
