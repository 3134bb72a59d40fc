import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useResendConfirmation, type ResendConfirmationInput } from '../api/resend-confirmation';

interface LoginErrorAlertProps {
  error: unknown;
  /** The username and password typed, to ask for the confirmation mail again. */
  credentials: () => ResendConfirmationInput;
}

/** Why sign-in failed, in the user's language; an unconfirmed email offers the mail again. */
export function LoginErrorAlert({ error, credentials }: LoginErrorAlertProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const toast = useToast();
  const resend = useResendConfirmation();
  const style = { marginBottom: 16 };

  if (isApiError(error) && error.code === 'EMAIL_UNCONFIRMED') {
    const send = () =>
      resend.mutate(credentials(), {
        onSuccess: () => toast.success(t('auth:login.resent'), 'resend-sent'),
        onError: (e) => toast.apiError(e),
      });
    return (
      <Alert
        type="warning"
        showIcon
        style={style}
        data-testid="login-error"
        title={t('errors:EMAIL_UNCONFIRMED')}
        description={
          <Button
            size="small"
            onClick={send}
            loading={resend.isPending}
            disabled={resend.isSuccess}
            data-testid="login-resend-confirmation"
            style={{ marginTop: 8 }}
          >
            {t('auth:login.resend')}
          </Button>
        }
      />
    );
  }

  // The password was right and the account has two-factor on: the code is missing or wrong.
  if (isApiError(error) && (error.code === 'OTP_REQUIRED' || error.code === 'OTP_INVALID')) {
    return <Alert type="info" showIcon style={style} title={t(`errors:${error.code}`)} data-testid="login-error" />;
  }

  // Any other 401 from sign-in means wrong credentials (spec §8), whatever a proxy put in the body.
  const code = !isApiError(error) ? 'INTERNAL' : error.status === 401 ? 'LOGIN_FAILED' : error.code;
  return <Alert type="error" showIcon style={style} title={t(`errors:${code}`)} data-testid="login-error" />;
}
