import { FIELD_ERROR_CODES, type ErrorDetails, type FieldErrorCode } from '@parapet/shared';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from './api-client';

// A field error about one item of a list names it: "8081: HTTP ports can only be 80, 8080",
// "shop.example.com is already used by line shop.line". The path (`httpPort.1`) says which
// item; its value comes from the form, and what only the server knows (the line that has a
// domain) from the error's `details.fieldParams`.

const KNOWN_CODES = new Set<string>(FIELD_ERROR_CODES);

/** A field code from the server or a schema; anything unknown reads as "not valid". */
export function toFieldErrorCode(code: string): FieldErrorCode {
  return KNOWN_CODES.has(code) ? (code as FieldErrorCode) : 'invalid';
}

/** What a field message may quote about the item it is about. */
export interface ItemParams {
  /** The item itself, as the user entered it. */
  value?: string;
  /** With `taken`: the line that already has it. */
  usedBy?: string;
}

/** A path naming an item of a list somewhere: `servername.2`, `origins.1.address`. */
const isItemPath = (path: string): boolean => /(^|\.)\d+(\.|$)/.test(path);

/** The value at a dotted path, stepping into lists only by index; a scalar as text, else undefined. */
export function valueAtPath(values: unknown, path: string): string | undefined {
  let value = values;
  for (const part of path.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      value = (value as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The quoted values for the message of the error at `path`: the form's value there, then the server's. */
export function itemParams(path: string, values: unknown, details?: ErrorDetails): ItemParams {
  const server = details?.fieldParams?.[path] ?? {};
  const value = (isItemPath(path) ? valueAtPath(values, path) : undefined) ?? server['value'];
  return { ...(value ? { value } : {}), ...(server['usedBy'] ? { usedBy: server['usedBy'] } : {}) };
}

/** The translated message of a field code, naming the item when it knows it. */
export function useFieldErrorMessage(): (code: string, params?: ItemParams) => string {
  const { t } = useTranslation('fieldErrors');
  return useCallback(
    (code, { value, usedBy } = {}) => {
      const message = t(toFieldErrorCode(code));
      if (!value) return message;
      if (usedBy && code === 'taken') return t('item.takenBy', { value, usedBy });
      return t('item.named', { value, message });
    },
    [t],
  );
}

/** The registered field that shows the error at `path`: the path itself, or the nearest one holding it. */
export function fieldOfPath(path: string, registered: Iterable<string>): string | undefined {
  const names = new Set(registered);
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const candidate = parts.slice(0, n).join('.');
    if (names.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Shows an API failure on the form when it belongs to its fields: a code the caller ties to
 * one field (EMAIL_TAKEN → email), or the `fields` of a VALIDATION_FAILED answer, each on the
 * field its path names or the nearest one holding it (a list box shows its items' errors,
 * each naming its item). Returns false when no field of this form could show it, so the
 * caller toasts instead.
 */
export function useFormErrors(form: FormInstance) {
  const { t } = useTranslation('errors');
  const message = useFieldErrorMessage();
  return useCallback(
    (error: unknown, fieldOfCode: Partial<Record<ApiErrorCode, string>> = {}): boolean => {
      if (!isApiError(error)) return false;
      const field = fieldOfCode[error.code];
      if (field) {
        form.setFields([{ name: field, errors: [t(error.code)] }]);
        return true;
      }
      // The field's own registered name, not the path split again: a Form.List item is named
      // with a number (['origins', 1, 'address']) and antd tells 1 from '1'.
      const registered = new Map(form.getFieldsError().map(({ name }) => [name.join('.'), name]));
      const values: unknown = form.getFieldsValue(true);
      const shown = new Map<string, { name: (string | number)[]; errors: string[] }>();
      for (const [path, code] of Object.entries(error.fields ?? {})) {
        const key = fieldOfPath(path, registered.keys());
        const name = key === undefined ? undefined : registered.get(key);
        if (key === undefined || !name) continue;
        const entry = shown.get(key) ?? { name, errors: [] };
        entry.errors.push(message(code, itemParams(path, values, error.details)));
        shown.set(key, entry);
      }
      form.setFields([...shown.values()]);
      return shown.size > 0;
    },
    [form, t, message],
  );
}
