import { updateServiceLineSchema, type ServiceLine } from '@parapet/shared';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { schemaFieldErrors, toFieldErrorCode } from '@/lib/form-rules';
import { fieldOfPath, lineBody, type TabFormSpec } from './line-form';

const registeredFields = (form: FormInstance) => new Map(form.getFieldsError().map(({ name }) => [name.join('.'), name]));

export interface LineRules {
  /** antd rules for a field (`maxUploadSize`, `origins.1.address`). */
  field: (name: string) => FormRule[];
  /** The same check for a Form.List (`origins`), whose rules take no form argument. */
  list: (name: string) => { validator: () => Promise<void> }[];
}

/**
 * Rules for the fields of a tab's form: the body the save would post is checked with the
 * shared update schema and its cross-field rules, so the form refuses what the server would,
 * with the same codes. An item's problem (`httpsPort.0`) shows on the box holding the list;
 * an emptied list reads "required".
 */
export function useLineRules<V>(form: FormInstance, base: ServiceLine, spec: TabFormSpec<V>): LineRules {
  const { t } = useTranslation('fieldErrors');
  return useMemo(() => {
    const check = async (name: string) => {
      const values = form.getFieldsValue(true) as V;
      const registered = new Set(registeredFields(form).keys());
      const problems = Object.entries(schemaFieldErrors(updateServiceLineSchema, lineBody(base, spec, values)));
      const code = problems.find(([path]) => fieldOfPath(path, registered) === name)?.[1];
      if (!code) return;
      const own: unknown = form.getFieldValue(name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
      throw new Error(t(Array.isArray(own) && own.length === 0 ? 'required' : code));
    };
    return { field: (name) => [{ validator: () => check(name) }], list: (name) => [{ validator: () => check(name) }] };
  }, [form, base, spec, t]);
}

/**
 * Shows a 400's `fields` on the tab's fields, each on the field its path names or the nearest
 * one holding it. Returns false when none of them is on this form, so the caller toasts instead.
 */
export function useLineServerErrors(form: FormInstance) {
  const { t } = useTranslation('fieldErrors');
  return useCallback(
    (error: unknown): boolean => {
      if (!isApiError(error)) return false;
      const registered = registeredFields(form);
      const names = new Set(registered.keys());
      const entries = Object.entries(error.fields ?? {}).flatMap(([path, code]) => {
        const field = fieldOfPath(path, names);
        const name = field === undefined ? undefined : registered.get(field);
        return name ? [{ name, errors: [t(toFieldErrorCode(code))] }] : [];
      });
      form.setFields(entries);
      return entries.length > 0;
    },
    [form, t],
  );
}
