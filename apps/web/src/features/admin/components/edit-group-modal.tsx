import { updateGroupSchema, type Group, type PlanName } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/api-client';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useUpdateGroup } from '../api/update-group';
import { PlanSelect } from './plan-select';
import { ConflictAlert } from '@/components/conflict-alert';

interface Values {
  name: string;
  plan: PlanName;
}

/**
 * Rename a group or change its plan. The version read with the list goes along; when someone
 * changed the group meanwhile the server answers VERSION_CONFLICT, shown here, and the list
 * reloads so the next try starts from the newer group.
 */
export function EditGroupModal({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(updateGroupSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const update = useUpdateGroup();
  const conflict = isApiError(update.error) && update.error.code === 'VERSION_CONFLICT';

  const submit = ({ name, plan }: Values) => {
    const trimmed = name.trim();
    update.mutate(
      {
        groupName: group.name,
        version: group.version,
        ...(trimmed !== group.name ? { name: trimmed } : {}),
        ...(plan !== group.plan ? { plan } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('common:messages.updated'), 'group-updated');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'VERSION_CONFLICT') return;
          if (!showErrors(error, { ALREADY_EXISTS: 'name' })) toast.apiError(error);
        },
      },
    );
  };

  return (
    <FormModal
      title={t('admin:groups.editTitle', { name: group.name })}
      onClose={onClose}
      form={form}
      okText={t('common:actions.save')}
      okTestId="group-edit-submit"
      loading={update.isPending}
    >
      <ConflictAlert show={conflict} testId="group-edit-conflict" />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ name: group.name, plan: group.plan }}
      >
        <Form.Item name="name" label={t('admin:groups.name')} rules={rules.field('name')}>
          <Input autoComplete="off" data-testid="group-edit-name" />
        </Form.Item>
        <Form.Item name="plan" label={t('admin:groups.plan')}>
          <PlanSelect data-testid="group-edit-plan" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
