import type { FieldErrorCode } from '@parapet/shared';
import type { FormRule } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format-units';
import { toFieldErrorCode } from './form-errors';

// Forms check their values with the shared zod schemas (STYLE.md habit 1), so the console and
// the server refuse the same things with the same field codes. Server `fields` answers use the
// same codes and are shown the same way.

/** What this module needs of a zod schema; structural, so the console needs no zod import. */
export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly message: string;
}
export interface FormSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

// Server answers are shown on forms by form-errors.ts; re-exported for the forms importing them from here.
export { toFieldErrorCode, useFormErrors } from './form-errors';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path)
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function issueCode(issue: SchemaIssue, value: unknown): FieldErrorCode {
  // An empty field is "required" whatever rule it broke first (too short, bad format, mismatch).
  if (isEmpty(value)) return 'required';
  // Refinements carry their code as the message (ACCOUNT_FIELD_CODES: mismatch, same_as_old...).
  if (issue.code === 'custom') return toFieldErrorCode(issue.message);
  if (issue.code === 'unrecognized_keys') return 'unknown_key';
  return toFieldErrorCode(issue.code);
}

/** Field path → code for every bad field, the shape of the server's `fields`. */
export function schemaFieldErrors(schema: FormSchema, values: unknown): Record<string, FieldErrorCode> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const fields: Record<string, FieldErrorCode> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issueCode(issue, valueAt(values, issue.path));
  }
  return fields;
}

export interface FormRules {
  /** antd rules checking one field against the whole form's values with the schema. */
  field: (name: string) => FormRule[];
  /** The field must be filled and equal another field (repeat password). */
  repeatOf: (name: string) => FormRule[];
}

/** Rules for antd Form.Items from a shared schema; messages translated under `fieldErrors.`. */
export function useFormRules(schema: FormSchema): FormRules {
  const { t } = useTranslation('fieldErrors');
  return useMemo(
    () => ({
      field: (name) => [
        ({ getFieldsValue }) => ({
          validator: async () => {
            const code = schemaFieldErrors(schema, getFieldsValue(true))[name];
            if (code) throw new Error(t(code));
          },
        }),
      ],
      repeatOf: (name) => [
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            if (isEmpty(value)) throw new Error(t('required'));
            if (value !== getFieldValue(name)) throw new Error(t('mismatch'));
          },
        }),
      ],
    }),
    [schema, t],
  );
}

/** The whole numbers a number field takes, inclusive, from the shared limits (PORT_MIN, PORT_MAX...). */
export interface NumberRange {
  min: number;
  max: number;
  /** Decimals too (a time in seconds): the message then says "a number", its bounds in full. */
  fractions?: boolean;
}

/**
 * The range check of a number box, to put first in its rules (with `validateFirst` on the item,
 * so the range is the one message shown). The box itself gets no min/max: antd's InputNumber
 * would silently correct an out-of-range value on blur and the form would save what nobody
 * typed. Here 70000 stays in the box and the form says the range instead.
 */
export function useRangeRule(): (range: NumberRange) => FormRule {
  const { t, i18n } = useTranslation('fieldErrors');
  return useCallback(
    ({ min, max, fractions = false }) => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'number') return;
        if (fractions && (value < min || value > max))
          throw new Error(
            t('number_range', { min: formatCount(min, i18n.language), max: formatCount(max, i18n.language) }),
          );
        if (!fractions && (!Number.isInteger(value) || value < min || value > max))
          throw new Error(t('out_of_range', { min, max }));
      },
    }),
    [t, i18n.language],
  );
}
