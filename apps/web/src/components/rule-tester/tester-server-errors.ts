import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { itemParams, useFieldErrorMessage } from '@/lib/form-errors';
import { useToast } from '@/lib/toast';
import type { TesterValues } from './tester-request';

/** The tester's field that shows the server's problem at a path of the evaluate call. */
const FIELD_OF_PATH: Array<[RegExp, keyof TesterValues]> = [
  [/^raw$/, 'raw'],
  [/^request\.(scheme|host|uri|args)$/, 'url'],
  [/^request\.headers(\.|$)/, 'headers'],
  [/^request\.method$/, 'method'],
  [/^request\.clientIp$/, 'clientIp'],
  [/^request\.country$/, 'country'],
  [/^request\.isp$/, 'isp'],
  [/^request\.proxyType$/, 'proxyType'],
  [/^request\.ratePerSecond$/, 'ratePerSecond'],
  [/^request\.owasp(\.|$)/, 'owasp'],
];

export const testerFieldOf = (path: string): keyof TesterValues | undefined =>
  FIELD_OF_PATH.find(([pattern]) => pattern.test(path))?.[1];

/**
 * Shows a refused test where it belongs: a problem of the request on its field (an unreadable
 * raw request with the line the server could not read), any other (a rule that no longer
 * exists, named) in one toast. Returns false when the error carried no field problems.
 */
export function useTesterServerErrors(form: FormInstance<TesterValues>) {
  const { t } = useTranslation('fieldErrors');
  const message = useFieldErrorMessage();
  const toast = useToast();
  return useCallback(
    (error: unknown, sent: unknown): boolean => {
      if (!isApiError(error) || !error.fields) return false;
      const onFields: Array<{ name: keyof TesterValues; errors: string[] }> = [];
      const elsewhere: string[] = [];
      for (const [path, code] of Object.entries(error.fields)) {
        const field = testerFieldOf(path);
        const line = error.details?.fieldParams?.[path]?.['line'];
        const text =
          code === 'invalid_raw_request' && line
            ? t('invalid_raw_request', { line })
            : message(code, itemParams(path, sent, error.details));
        if (field) onFields.push({ name: field, errors: [text] });
        else elsewhere.push(text);
      }
      form.setFields(onFields);
      if (elsewhere.length) toast.error(elsewhere.join(' '), 'tester-error');
      return true;
    },
    [form, t, message, toast],
  );
}
