import { profileUpdateSchema, type CurrentUser } from '@parapet/shared';
import { Button, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileValues {
  phoneNumber: string;
}

/** Username and email as they are (they identify the account); the phone number can change. */
export function ProfileInfoForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const [form] = Form.useForm<ProfileValues>();
  const rules = useFormRules(profileUpdateSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const update = useUpdateProfile();

  const submit = ({ phoneNumber }: ProfileValues) =>
    update.mutate(
      { phoneNumber: (phoneNumber ?? '').trim() },
      {
        onSuccess: () => toast.success(t('common:messages.saved'), 'profile-saved'),
        onError: (error) => {
          if (!showErrors(error)) toast.apiError(error);
        },
      },
    );

  return (
    <>
      <Descriptions
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'username',
            label: t('profile:info.username'),
            children: <span data-testid="profile-username">{user.username}</span>,
          },
          {
            key: 'email',
            label: t('profile:info.email'),
            children: <span data-testid="profile-email">{user.email}</span>,
          },
        ]}
      />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ phoneNumber: user.phoneNumber ?? '' }}
        onFinish={submit}
        disabled={update.isPending}
      >
        <Form.Item
          name="phoneNumber"
          label={t('profile:info.phone')}
          extra={t('profile:info.phoneHint')}
          rules={rules.field('phoneNumber')}
        >
          <Input type="tel" autoComplete="tel" data-testid="profile-phone" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
          {t('common:actions.save')}
        </Button>
      </Form>
    </>
  );
}
