import { resetOtpRequestSchema } from '@parapet/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OtpSetupView } from '@/components/otp-setup-view';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { PATHS } from '@/lib/paths';
import { useToast } from '@/lib/toast';
import { useResetOtp } from '../api/reset-otp';
import { useResetOtpToken } from '../api/validate-reset-otp-token';
import { NewPasswordFields } from './new-password-fields';
import { TokenStatus } from './token-status';

interface ResetOtpValues {
  password: string;
  repeat: string;
  token: string;
}

/**
 * /reset-OTP/:token?: a new password and a new one-time-password secret. The new secret is
 * shown here, once, and the page stays until the user says it is scanned.
 */
export function ResetOtpForm() {
  const { t } = useTranslation('auth');
  const { token: linkToken } = useParams();
  const [form] = Form.useForm<ResetOtpValues>();
  const rules = useFormRules(resetOtpRequestSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const navigate = useNavigate();
  const check = useResetOtpToken(linkToken);
  const reset = useResetOtp();

  if (reset.data) {
    return (
      <div data-testid="reset-success">
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('resetOtp.scanTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('resetOtp.scanHint')}</Typography.Paragraph>
        <OtpSetupView setup={reset.data} />
        <Button
          type="primary"
          block
          onClick={() => void navigate(PATHS.login, { replace: true })}
          data-testid="reset-otp-done"
        >
          {t('resetOtp.done')}
        </Button>
      </div>
    );
  }

  const submit = (values: ResetOtpValues) =>
    reset.mutate(
      { token: values.token.trim(), password: values.password },
      {
        onError: (error) => {
          if (!showErrors(error, { TOKEN_INVALID: 'token' })) toast.apiError(error);
        },
      },
    );

  return (
    <>
      <TokenStatus check={check} />
      <Form<ResetOtpValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ token: linkToken ?? '' }}
        onFinish={submit}
        disabled={reset.isPending}
      >
        <NewPasswordFields passwordRules={rules.field('password')} repeatRules={rules.repeatOf('password')} />
        <Form.Item name="token" label={t('reset.token')} extra={t('reset.tokenHint')} rules={rules.field('token')}>
          <Input autoComplete="off" data-testid="reset-token" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
          {t('resetOtp.submit')}
        </Button>
      </Form>
    </>
  );
}
