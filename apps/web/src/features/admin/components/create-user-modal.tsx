import { createUserSchema } from '@parapet/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
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

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = ({ username, email, password }: CreateUserInput) =>
    create.mutate(
      { username: username.trim(), email: email.trim(), password },
      {
        onSuccess: () => {
          toast.success(t('common:messages.created'), 'user-created');
          close();
        },
        onError: (error) => {
          if (!showErrors(error, { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' })) toast.apiError(error);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('admin:users.createTitle')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="user-create-submit">
          {t('admin:users.create')}
        </Button>,
      ]}
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
    </Modal>
  );
}
