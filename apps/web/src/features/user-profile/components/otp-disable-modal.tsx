import { otpDisableRequestSchema } from '@parapet/shared';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useDisableOtp, type DisableOtpInput } from '../api/disable-otp';

interface OtpDisableModalProps {
  open: boolean;
  onClose: () => void;
}

/** Turning two-factor off weakens the account: confirm (spec §6) with the password and a code. */
export function OtpDisableModal({ open, onClose }: OtpDisableModalProps) {
  const { t } = useTranslation(['profile', 'common']);
  const [form] = Form.useForm<DisableOtpInput>();
  const rules = useFormRules(otpDisableRequestSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const disable = useDisableOtp();

  const submit = ({ password, token }: DisableOtpInput) =>
    disable.mutate(
      { password, token: token.trim() },
      {
        onSuccess: () => {
          toast.success(t('profile:security.disabled'), 'otp-disabled');
          onClose();
        },
        onError: (error) => {
          if (!showErrors(error, { PASSWORD_INCORRECT: 'password', OTP_INVALID: 'token' })) toast.apiError(error);
        },
      },
    );

  return (
    <FormModal
      open={open}
      title={t('profile:security.disableTitle')}
      onClose={onClose}
      form={form}
      okText={t('profile:security.disable')}
      okTestId="otp-disable-submit"
      cancelTestId="otp-disable-cancel"
      loading={disable.isPending}
      danger
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('common:confirm.proceed')}
        description={t('profile:security.disableHint')}
      />
      <Form<DisableOtpInput> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="password" label={t('profile:security.password')} rules={rules.field('password')}>
          <Input.Password autoComplete="current-password" autoFocus data-testid="otp-disable-password" />
        </Form.Item>
        <Form.Item name="token" label={t('profile:security.code')} rules={rules.field('token')}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="otp-disable-code" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
