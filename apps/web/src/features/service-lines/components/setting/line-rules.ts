import { updateServiceLineSchema, type ServiceLine } from '@parapet/shared';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo } from 'react';
import { itemParams, useFieldErrorMessage, useFormErrors } from '@/lib/form-errors';
import { schemaFieldErrors } from '@/lib/form-rules';
import { fieldOfPath, lineBody, type TabFormSpec } from './line-form';

const registeredFields = (form: FormInstance) =>
  new Map(form.getFieldsError().map(({ name }) => [name.join('.'), name]));

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
  const message = useFieldErrorMessage();
  return useMemo(() => {
    const check = async (name: string) => {
      const values = form.getFieldsValue(true) as V;
      const registered = new Set(registeredFields(form).keys());
      const body = lineBody(base, spec, values);
      const problem = Object.entries(schemaFieldErrors(updateServiceLineSchema, body)).find(
        ([path]) => fieldOfPath(path, registered) === name,
      );
      if (!problem) return;
      const [path, code] = problem;
      const own: unknown = form.getFieldValue(
        name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      );
      // An item's problem names the item (`httpPort.1` → "8081: ...").
      throw new Error(
        Array.isArray(own) && own.length === 0 ? message('required') : message(code, itemParams(path, body)),
      );
    };
    return { field: (name) => [{ validator: () => check(name) }], list: (name) => [{ validator: () => check(name) }] };
  }, [form, base, spec, message]);
}

/**
 * Shows a 400's `fields` on the tab's fields, each on the field its path names or the nearest
 * one holding it. Returns false when none of them is on this form, so the caller toasts instead.
 */
export function useLineServerErrors(form: FormInstance) {
  const showErrors = useFormErrors(form);
  return useCallback((error: unknown): boolean => showErrors(error), [showErrors]);
}
