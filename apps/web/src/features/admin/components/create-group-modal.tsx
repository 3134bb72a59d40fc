import { createGroupSchema, DEFAULT_PLAN, type PlanName } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
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

  const submit = ({ name, plan }: CreateGroupInput) =>
    create.mutate(
      { name: name.trim(), plan },
      {
        onSuccess: () => {
          toast.success(t('common:messages.created'), 'group-created');
          onClose();
        },
        onError: (error) => {
          if (!showErrors(error, { ALREADY_EXISTS: 'name' })) toast.apiError(error, 'create');
        },
      },
    );

  return (
    <FormModal
      open={open}
      title={t('admin:groups.createTitle')}
      onClose={onClose}
      form={form}
      okText={t('admin:groups.create')}
      okTestId="group-create-submit"
      loading={create.isPending}
    >
      <Form<CreateGroupInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ plan: DEFAULT_PLAN as PlanName }}
      >
        <Form.Item
          name="name"
          label={t('admin:groups.name')}
          rules={rules.field('name')}
          extra={t('admin:groups.nameHint')}
        >
          <Input autoFocus autoComplete="off" data-testid="group-create-name" />
        </Form.Item>
        <Form.Item name="plan" label={t('admin:groups.plan')}>
          <PlanSelect data-testid="group-create-plan" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
