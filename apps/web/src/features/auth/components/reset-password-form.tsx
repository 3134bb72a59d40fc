import { resetPasswordRequestSchema, tokenQuerySchema } from '@parapet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { PATHS } from '@/lib/paths';
import { useToast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { PASSWORD_RESET_STATE } from '../login-state';
import { resetPasswordTokenQueryOptions, useResetPasswordToken } from '../api/validate-reset-password-token';
import { NewPasswordFields } from './new-password-fields';
import { TokenStatus } from './token-status';

interface ResetPasswordValues {
  password: string;
  repeat: string;
  token: string;
  otpToken?: string;
}

/**
 * /reset-password/:token?. The token of the mailed link is checked on arrival (it says whose
 * account it is and whether a one-time password is needed); a token typed by hand is checked
 * at submit, before the new password is sent.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation(['auth', 'fieldErrors']);
  const { token: linkToken } = useParams();
  const [form] = Form.useForm<ResetPasswordValues>();
  const rules = useFormRules(resetPasswordRequestSchema);
  const tokenRules = useFormRules(tokenQuerySchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checkedToken, setCheckedToken] = useState(linkToken);
  const check = useResetPasswordToken(checkedToken);
  const reset = useResetPassword();
  const otpRequired = check.data?.otpRequired ?? false;

  const submit = async (values: ResetPasswordValues) => {
    const token = values.token.trim();
    setCheckedToken(token);
    let info;
    try {
      info = await queryClient.fetchQuery(resetPasswordTokenQueryOptions(token));
    } catch (error) {
      if (!showErrors(error, { TOKEN_INVALID: 'token' })) toast.apiError(error);
      return;
    }
    // A hand-typed token may turn out to need the one-time password: its field appears now.
    if (info.otpRequired && !values.otpToken) return;
    reset.mutate(
      {
        token,
        body: {
          username: info.username,
          password: values.password,
          ...(info.otpRequired ? { otpToken: values.otpToken?.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          queryClient.removeQueries({ queryKey: resetPasswordTokenQueryOptions(token).queryKey });
          // The sign-in page says it (it shows no toasts).
          void navigate(PATHS.login, { replace: true, state: PASSWORD_RESET_STATE });
        },
        onError: (error) => {
          if (!showErrors(error, { TOKEN_INVALID: 'token', OTP_INVALID: 'otpToken' })) toast.apiError(error);
        },
      },
    );
  };

  return (
    <>
      <TokenStatus check={check} />
      <Form<ResetPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ token: linkToken ?? '' }}
        onFinish={submit}
        disabled={reset.isPending}
      >
        <NewPasswordFields passwordRules={rules.field('password')} repeatRules={rules.repeatOf('password')} />
        <Form.Item
          name="token"
          label={t('auth:reset.token')}
          extra={t('auth:reset.tokenHint')}
          rules={tokenRules.field('token')}
        >
          <Input autoComplete="off" data-testid="reset-token" />
        </Form.Item>
        {otpRequired && (
          <Form.Item
            name="otpToken"
            label={t('auth:reset.otp')}
            extra={t('auth:reset.otpHint')}
            rules={[
              { required: true, whitespace: true, message: t('fieldErrors:required') },
              ...rules.field('otpToken'),
            ]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="reset-otp-token" />
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={reset.isPending || check.isFetching}
          data-testid="reset-submit"
        >
          {t('auth:resetPassword.submit')}
        </Button>
      </Form>
    </>
  );
}
