import { createGroupSchema, DEFAULT_PLAN, type PlanName } from '@parapet/shared';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useCreateGroup, type CreateGroupInput } from '../api/create-group';
import { PlanSelect } from './plan-select';

interface CreateGroupModalProps {
  open: boolean;
  onClose: () => void;
}

/** A new group (tenant): its name and plan (basic unless chosen). */
export function CreateGroupModal({ open, onClose }: CreateGroupModalProps) {
  const { t } = useTranslation(['admin', 'common']);
  const [form] = Form.useForm<CreateGroupInput>();
  const rules = useFormRules(createGroupSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const create = useCreateGroup();

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = ({ name, plan }: CreateGroupInput) =>
    create.mutate(
      { name: name.trim(), plan },
      {
        onSuccess: () => {
          toast.success(t('common:messages.created'), 'group-created');
          close();
        },
        onError: (error) => {
          if (!showErrors(error, { ALREADY_EXISTS: 'name' })) toast.apiError(error);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('admin:groups.createTitle')}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="group-create-submit">
          {t('admin:groups.create')}
        </Button>,
      ]}
    >
      <Form<CreateGroupInput> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ plan: DEFAULT_PLAN as PlanName }}>
        <Form.Item name="name" label={t('admin:groups.name')} rules={rules.field('name')} extra={t('admin:groups.nameHint')}>
          <Input autoFocus autoComplete="off" data-testid="group-create-name" />
        </Form.Item>
        <Form.Item name="plan" label={t('admin:groups.plan')}>
          <PlanSelect data-testid="group-create-plan" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
