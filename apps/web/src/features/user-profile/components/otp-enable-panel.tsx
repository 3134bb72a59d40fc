import { otpEnableRequestSchema, type OtpSetup } from '@parapet/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OtpSetupView } from '@/components/otp-setup-view';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useEnableOtp } from '../api/enable-otp';

interface OtpEnablePanelProps {
  setup: OtpSetup;
  onDone: () => void;
}

/** The new secret to scan and the first code from it, which turns two-factor on. */
export function OtpEnablePanel({ setup, onDone }: OtpEnablePanelProps) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<{ token: string }>();
  const rules = useFormRules(otpEnableRequestSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const enable = useEnableOtp();

  const submit = ({ token }: { token: string }) =>
    enable.mutate(token.trim(), {
      onSuccess: () => {
        toast.success(t('security.enabled'), 'otp-enabled');
        onDone();
      },
      onError: (error) => {
        if (!showErrors(error, { OTP_INVALID: 'token' })) toast.apiError(error);
      },
    });

  return (
    <div data-testid="otp-setup" style={{ marginTop: 16 }}>
      <Typography.Paragraph>{t('security.setupHint')}</Typography.Paragraph>
      <OtpSetupView setup={setup} />
      <Form<{ token: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={enable.isPending}
        style={{ maxWidth: 320 }}
      >
        <Form.Item name="token" label={t('security.code')} rules={rules.field('token')}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            data-testid="otp-enable-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="otp-enable-submit">
          {t('security.enable')}
        </Button>
      </Form>
    </div>
  );
}
