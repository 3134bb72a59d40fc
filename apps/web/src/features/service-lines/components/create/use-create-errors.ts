import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isApiError, type ApiErrorCode } from '@/lib/api-client';
import { useFormErrors } from '@/lib/form-rules';
import { failedOnOurSide, useToast } from '@/lib/toast';
import { formFieldOf, stepOf } from './wizard-values';

/** Failures whose own message says more than "Create Failed" (spec §8). */
const TOLD_BY_CODE = new Set<ApiErrorCode>([
  'QUOTA_EXCEEDED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'VALIDATION_FAILED',
  'ALREADY_EXISTS',
  'PAYLOAD_TOO_LARGE',
]);

/** The server's field paths folded onto the wizard's fields (`servername.1` → `servername`), first code kept. */
function foldFields(error: ApiError): ApiError {
  const fields: Record<string, string> = {};
  for (const [path, code] of Object.entries(error.fields ?? {})) fields[formFieldOf(path)] ??= code;
  return new ApiError(error.status, error.code, error.message, fields, error.usedBy);
}

/**
 * A refused create: each field error on its field, the wizard back on the first step holding
 * one, and "Form Error" as a toast; a server or network failure as "Failed to create. Please
 * try again"; any other failure as a toast of its own.
 */
export function useCreateErrors(form: FormInstance, setStep: (step: number) => void) {
  const { t } = useTranslation(['serviceLines', 'errors']);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        const folded = foldFields(error);
        // Shown unfolded, so each message names its item (`servername.2` → that domain).
        if (showErrors(error, { ALREADY_EXISTS: 'appProfileName' })) {
          const fields = error.code === 'ALREADY_EXISTS' ? ['appProfileName'] : Object.keys(folded.fields ?? {});
          const steps = fields.map(stepOf).filter((s) => s !== undefined);
          if (steps.length) setStep(Math.min(...steps));
          return toast.error(t('errors:VALIDATION_FAILED'), 'service-line-form-error');
        }
        if (TOLD_BY_CODE.has(error.code)) return toast.apiError(error);
      }
      // A server or network failure says "Failed to create. Please try again" (spec §8).
      if (failedOnOurSide(error)) return toast.apiError(error, 'create');
      toast.error(t('serviceLines:messages.createFailed'), 'service-line-create-failed');
    },
    [showErrors, setStep, t, toast],
  );
}
