import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/basic/alert';
import { Button } from '@/components/basic/button';
import { isApiError, type ApiErrorCode } from '@/lib/api-client';
import { useResendConfirmation, type ResendConfirmationInput } from '../api/resend-confirmation';

interface LoginErrorAlertProps {
  error: unknown;
  /** The username and password typed, to ask for the confirmation mail again. */
  credentials: () => ResendConfirmationInput;
}

/** Why sign-in failed, in the user's language; an unconfirmed email offers the mail again. */
export function LoginErrorAlert({ error, credentials }: LoginErrorAlertProps) {
  const { t } = useTranslation(['auth', 'errors']);

  if (isApiError(error) && error.code === 'EMAIL_UNCONFIRMED') {
    return (
      <Alert
        type="warning"
        testId="login-error"
        title={t('errors:EMAIL_UNCONFIRMED')}
        description={<ResendConfirmation credentials={credentials} />}
      />
    );
  }

  // The password was right and the account has two-factor on: the code is missing or wrong.
  if (isApiError(error) && (error.code === 'OTP_REQUIRED' || error.code === 'OTP_INVALID'))
    return <Alert type="info" title={t(`errors:${error.code}`)} testId="login-error" />;

  // Any other 401 from sign-in means wrong credentials (spec §8), whatever a proxy put in the body.
  const code: ApiErrorCode = !isApiError(error) ? 'INTERNAL' : error.status === 401 ? 'LOGIN_FAILED' : error.code;
  return <Alert type="error" title={t(`errors:${code}`)} testId="login-error" />;
}

/**
 * "Send the confirmation mail again". The outcome is said here, in the alert it answers, rather
 * than in a toast: toasts come with Ant Design, which the sign-in page does not load.
 */
function ResendConfirmation({ credentials }: Pick<LoginErrorAlertProps, 'credentials'>) {
  const { t } = useTranslation(['auth', 'errors']);
  const resend = useResendConfirmation();
  if (resend.isSuccess)
    return (
      <div role="status" data-testid="resend-sent">
        {t('auth:login.resent')}
      </div>
    );
  const failed: ApiErrorCode | undefined = resend.isError
    ? isApiError(resend.error)
      ? resend.error.code
      : 'INTERNAL'
    : undefined;
  return (
    <>
      <Button
        size="small"
        onClick={() => resend.mutate(credentials())}
        loading={resend.isPending}
        testId="login-resend-confirmation"
        style={{ marginTop: 4 }}
      >
        {t('auth:login.resend')}
      </Button>
      {failed ? (
        <div role="alert" className="pp-field-error-text" style={{ marginTop: 4 }} data-testid="resend-failed">
          {t(`errors:${failed}`)}
        </div>
      ) : null}
    </>
  );
}
