import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type ApiErrorCode } from '@/lib/api-client';
import { toFieldErrorCode } from '@/lib/form-rules';
import { formFieldOf } from './form-values';

/**
 * useFormErrors for this form's lists: a server path such as `origins.1.address` is shown on
 * the field registered under that path (Form.List names it ['origins', 1, 'address'], and
 * antd tells the number 1 from the string '1'); list items fold onto the list (`region.1`).
 * Returns false when no field of the form can show the error, so the caller toasts instead.
 */
export function useServerFieldErrors(form: FormInstance) {
  const { t } = useTranslation(['fieldErrors', 'errors']);
  return useCallback(
    (error: unknown, fieldOfCode: Partial<Record<ApiErrorCode, string>> = {}): boolean => {
      if (!isApiError(error)) return false;
      const registered = new Map(form.getFieldsError().map(({ name }) => [name.join('.'), name]));
      const entries = Object.entries(error.fields ?? {}).flatMap(([path, code]) => {
        const name = registered.get(formFieldOf(path));
        return name ? [{ name, errors: [t(`fieldErrors:${toFieldErrorCode(code)}`)] }] : [];
      });
      const field = fieldOfCode[error.code];
      if (!entries.length && field) entries.push({ name: [field], errors: [t(`errors:${error.code}`)] });
      form.setFields(entries);
      return entries.length > 0;
    },
    [form, t],
  );
}
