import { createUserSchema } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useCreateUser, type CreateUserInput } from '../api/create-user';

interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
}

/** An account made by an admin: confirmed at once, with the sign-up rules for each field. */
export function CreateUserModal({ open, onClose }: CreateUserModalProps) {
  const { t } = useTranslation(['admin', 'common']);
  const [form] = Form.useForm<CreateUserInput>();
  const rules = useFormRules(createUserSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const create = useCreateUser();

  const submit = ({ username, email, password }: CreateUserInput) =>
    create.mutate(
      { username: username.trim(), email: email.trim(), password },
      {
        onSuccess: () => {
          toast.success(t('common:messages.created'), 'user-created');
          onClose();
        },
        onError: (error) => {
          if (!showErrors(error, { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' })) toast.apiError(error, 'create');
        },
      },
    );

  return (
    <FormModal
      open={open}
      title={t('admin:users.createTitle')}
      onClose={onClose}
      form={form}
      okText={t('admin:users.create')}
      okTestId="user-create-submit"
      loading={create.isPending}
    >
      <Form<CreateUserInput> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="username" label={t('admin:users.username')} rules={rules.field('username')}>
          <Input autoFocus autoComplete="off" data-testid="user-create-username" />
        </Form.Item>
        <Form.Item name="email" label={t('admin:users.email')} rules={rules.field('email')}>
          <Input type="email" autoComplete="off" data-testid="user-create-email" />
        </Form.Item>
        <Form.Item name="password" label={t('admin:users.password')} rules={rules.field('password')}>
          <Input.Password autoComplete="new-password" data-testid="user-create-password" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
