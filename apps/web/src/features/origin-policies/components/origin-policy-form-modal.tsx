import {
  createOriginPolicySchema,
  POLICY_NAME_MAX_LENGTH,
  updateOriginPolicySchema,
  type OriginPolicy,
} from '@parapet/shared';
import { Divider, Form, Input } from 'antd';
import { useConfirmProceed } from '@/components/confirm-action';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useCreateOriginPolicy } from '../api/create-origin-policy';
import { useUpdateOriginPolicy } from '../api/update-origin-policy';
import { initialFormValues, toPolicyInput, type PolicyFormValues } from './form-values';
import { OriginsField } from './origins-field';
import { RegionField } from './region-field';
import { useServerFieldErrors } from './server-field-errors';
import { BalancingFields, HealthCheckFields } from './settings-fields';
import { usePolicyRules } from './use-policy-rules';
import { ConflictAlert } from '@/components/conflict-alert';

interface OriginPolicyFormModalProps {
  groupName: string;
  /** Absent: create; present: edit every field, the name included, over this version. */
  policy?: OriginPolicy;
  open: boolean;
  onClose: () => void;
}

/** Create and edit: name, regions, origins, balancing and the health check. Edits ask first. */
export function OriginPolicyFormModal({ groupName, policy, open, onClose }: OriginPolicyFormModalProps) {
  const { t } = useTranslation('originPolicies');
  const { t: tc } = useTranslation(['common', 'errors']);
  const confirmProceed = useConfirmProceed();
  const [form] = Form.useForm<PolicyFormValues>();
  const rules = usePolicyRules(policy ? updateOriginPolicySchema : createOriginPolicySchema);
  const showErrors = useServerFieldErrors(form);
  const toast = useToast();
  const create = useCreateOriginPolicy();
  const update = useUpdateOriginPolicy();
  const initialValues = useMemo(() => initialFormValues(groupName, policy), [groupName, policy]);
  const weighted = Form.useWatch('loadBalancerMethod', form) === 'weight';
  const http = Form.useWatch('healthCheckMode', form) === 'http';
  const conflict = policy !== undefined && isApiError(update.error) && update.error.code === 'VERSION_CONFLICT';

  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'VERSION_CONFLICT' && policy) return;
    if (!showErrors(error, { ALREADY_EXISTS: 'policyName' })) toast.apiError(error, policy ? 'update' : 'create');
  };
  const done = (text: string, testId: string) => () => {
    toast.success(text, testId);
    onClose();
  };

  const save = () => {
    // The whole store: fields hidden by the method or the probe mode keep their values.
    const input = toPolicyInput(form.getFieldsValue(true) as PolicyFormValues);
    if (policy)
      update.mutate(
        { id: policy.id, version: policy.version, ...input },
        { onSuccess: done(tc('common:messages.updated'), 'origin-policy-updated'), onError },
      );
    else
      create.mutate(
        { groupName, ...input },
        { onSuccess: done(tc('common:messages.created'), 'origin-policy-created'), onError },
      );
  };
  const submit = () =>
    form.validateFields().then(
      () => {
        if (!policy) return save();
        confirmProceed(save);
      },
      () => undefined,
    );

  return (
    <FormModal
      open={open}
      title={policy ? t('editTitle', { name: policy.policyName }) : t('createTitle')}
      onClose={onClose}
      form={form}
      onOk={() => void submit()}
      okText={tc('common:actions.save')}
      okTestId="origin-policy-submit"
      loading={create.isPending || update.isPending}
      width={820}
    >
      <ConflictAlert show={conflict} testId="origin-policy-conflict" />
      <Form<PolicyFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={() => void submit()}
      >
        <Form.Item name="groupName" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="policyName"
          label={t('form.policyName')}
          extra={t('form.policyNameHint', { max: POLICY_NAME_MAX_LENGTH })}
          rules={rules('policyName')}
        >
          <Input autoFocus autoComplete="off" maxLength={POLICY_NAME_MAX_LENGTH} data-testid="origin-policy-name" />
        </Form.Item>
        <Form.Item name="region" label={t('form.regions')} rules={rules('region')}>
          <RegionField
            onDuplicate={(region) => form.setFields([{ name: 'region', errors: [t('form.regionExists', { region })] }])}
          />
        </Form.Item>
        <OriginsField rules={rules} weighted={weighted} />
        <BalancingFields rules={rules} />
        <Divider titlePlacement="start" plain>
          {t('fields.healthCheck')}
        </Divider>
        <HealthCheckFields rules={rules} http={http} />
      </Form>
    </FormModal>
  );
}
