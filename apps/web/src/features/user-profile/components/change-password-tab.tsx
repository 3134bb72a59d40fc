import {
  changePasswordRequestSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ChangePasswordRequest,
} from '@parapet/shared';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

type ChangePasswordValues = ChangePasswordRequest & { repeatPassword: string };

/** /user/change-password: the current password, a new one and its repeat. */
export function ChangePasswordTab() {
  const { t } = useTranslation(['profile', 'common']);
  const [form] = Form.useForm<ChangePasswordValues>();
  const rules = useFormRules(changePasswordRequestSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const change = useChangePassword();

  const submit = ({ oldPassword, newPassword }: ChangePasswordValues) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          toast.success(t('common:messages.saved'), 'password-changed');
        },
        onError: (error) => {
          if (!showErrors(error, { PASSWORD_INCORRECT: 'oldPassword' })) toast.apiError(error);
        },
      },
    );

  return (
    <Card style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('profile:password.hint')}</Typography.Paragraph>
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={change.isPending}
      >
        <Form.Item name="oldPassword" label={t('profile:password.old')} rules={rules.field('oldPassword')}>
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile:password.new')}
          extra={t('profile:password.newHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
          dependencies={['oldPassword']}
          rules={rules.field('newPassword')}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('profile:password.repeat')}
          dependencies={['newPassword']}
          rules={rules.repeatOf('newPassword')}
        >
          <Input.Password autoComplete="new-password" data-testid="repeat-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('profile:password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
