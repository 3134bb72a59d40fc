import type { ValueFormat } from '@/lib/format-values';
import { DATE_FIELDS, ENTITY_LABELS, ENUM_VALUES, isDurationField, REGION_FIELDS } from './audit-fields';

/** Translation by a key composed at run time (the keys are checked by the tests, not the compiler). */
export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

export interface AuditFormat {
  /** `errorHtmlPageName` → "Error HTML Page Name"; unknown fields keep their name. */
  label: (field: string) => string;
  /** A value as a reader wants it: dates, durations, regions, yes/no, lists one per line. */
  value: (field: string, value: unknown) => string;
}

const PERMISSION_PATH = /^rolePermissions\.(\w+)(?:\.children\.(\w+))?\.(read|write)$/;
const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const leaf = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/** The labels and value formats of one audit entity's fields in the current language. */
export function auditFormat(entity: string, { t, exists }: Translator, format: ValueFormat): AuditFormat {
  const source = ENTITY_LABELS[entity] ?? { keys: {}, prefixes: ['display:fields.'] };
  const keyOf = (field: string) =>
    [source.keys[field], ...source.prefixes.map((prefix) => prefix + field)].find(
      (key) => key !== undefined && exists(key),
    );

  const label = (field: string): string => {
    const permission = PERMISSION_PATH.exec(field);
    if (permission) {
      const [, area, child, access] = permission;
      return [
        t(`admin:permissions.names.${area}`),
        child ? t(`admin:permissions.tabs.${child}`) : null,
        t(`admin:permissions.${access}`),
      ]
        .filter(Boolean)
        .join(' · ');
    }
    const key = keyOf(field) ?? (field.includes('.') ? keyOf(leaf(field)) : undefined);
    return key ? t(key) : field;
  };

  const objectLine = (field: string, item: object) =>
    Object.entries(item)
      .map(([key, inner]) => `${label(`${field}.${key}`)}: ${value(key, inner)}`)
      .join(', ');

  const value = (field: string, raw: unknown): string => {
    const name = leaf(field);
    if (raw === undefined || raw === null) return '';
    if (typeof raw === 'boolean') return format.yesNo(raw);
    if (DATE_FIELDS.has(name) && (typeof raw === 'number' || typeof raw === 'string')) return format.dateTime(raw);
    if (name === 'scheme' && Array.isArray(raw)) return format.schemes(raw.map(String));
    if (name === 'originscheme' && typeof raw === 'string') return format.schemes([raw]);
    if (REGION_FIELDS.has(name) && Array.isArray(raw)) return raw.map((code) => format.region(String(code))).join(', ');
    if (isDurationField(name) && typeof raw === 'string') return format.duration(raw);
    if (name === 'contentBytes' && typeof raw === 'number') return t('display:units.bytes', { value: raw });
    const enumPrefix = ENUM_VALUES[name];
    if (enumPrefix && typeof raw === 'string' && exists(enumPrefix + raw)) return t(enumPrefix + raw);
    if (Array.isArray(raw))
      return raw.every(isPrimitive)
        ? raw.map((item) => value(field, item)).join(', ')
        : raw.map((item) => (isPrimitive(item) ? value(field, item) : objectLine(field, item as object))).join('\n');
    if (typeof raw === 'object') return objectLine(field, raw);
    return String(raw);
  };

  return { label, value };
}
