import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldErrors, type FormSchema } from '@/lib/form-rules';
import { formFieldOf } from './form-values';

/**
 * antd rules for one field of the policy form, checked with the shared schema against the
 * whole form (duplicates are a cross-row rule). Like useFormRules, plus list fields: a bad
 * item (`region.1`, `healthCheckHttpCode.0`) shows under the list's one box, and an empty list
 * reads "required".
 */
export function usePolicyRules(schema: FormSchema): (name: string) => FormRule[] {
  const { t } = useTranslation('fieldErrors');
  return useMemo(
    () => (name: string) => [
      ({ getFieldsValue, getFieldValue }) => ({
        validator: async () => {
          const own: unknown = getFieldValue(name.split('.'));
          if (Array.isArray(own) && own.length === 0) throw new Error(t('required'));
          const problems = Object.entries(schemaFieldErrors(schema, getFieldsValue(true)));
          const code = problems.find(([path]) => formFieldOf(path) === name)?.[1];
          if (code) throw new Error(t(code));
        },
      }),
    ],
    [schema, t],
  );
}
