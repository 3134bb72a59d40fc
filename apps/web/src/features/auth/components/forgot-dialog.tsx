import { emailRequestSchema } from '@parapet/shared';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProviders } from '@/components/antd-providers';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useForgotOtp } from '../api/forgot-otp';
import { useForgotPassword } from '../api/forgot-password';

/** Which mail the dialog asks for: a password reset or a one-time-password reset. */
export type ForgotMode = 'password' | 'otp';

interface ForgotDialogProps {
  mode: ForgotMode | undefined;
  onClose: () => void;
}

/** Asks for the account's email and has the server mail a reset link (Cancel / Confirm). */
export function ForgotDialog({ mode, onClose }: ForgotDialogProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<{ email: string }>();
  const rules = useFormRules(emailRequestSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const forgotPassword = useForgotPassword();
  const forgotOtp = useForgotOtp();
  const mutation = mode === 'otp' ? forgotOtp : forgotPassword;

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = ({ email }: { email: string }) =>
    mutation.mutate(email.trim(), {
      // The same answer whether or not the address is known, so the text says "if".
      onSuccess: () => {
        toast.success(t('auth:forgot.sent'), 'forgot-sent');
        close();
      },
      onError: (error) => {
        if (!showErrors(error)) toast.apiError(error);
      },
    });

  return (
    <Modal
      open={mode !== undefined}
      title={t(mode === 'otp' ? 'auth:forgot.otpTitle' : 'auth:forgot.passwordTitle')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} data-testid="forgot-cancel">
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={mutation.isPending}
          onClick={() => form.submit()}
          data-testid="forgot-confirm"
        >
          {t('common:actions.confirm')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t(mode === 'otp' ? 'auth:forgot.otpHint' : 'auth:forgot.passwordHint')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="email" label={t('auth:forgot.email')} rules={rules.field('email')}>
          <Input type="email" autoComplete="email" autoFocus data-testid="forgot-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The dialog with Ant Design's providers around it: what the sign-in page loads (lazily, with
 * Ant Design) when one of its links is first used. Its toast shows within these providers.
 */
export function ForgotDialogInProviders(props: ForgotDialogProps) {
  return (
    <AntdProviders>
      <ForgotDialog {...props} />
    </AntdProviders>
  );
}
