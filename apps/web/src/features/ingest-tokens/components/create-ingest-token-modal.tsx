import { createIngestTokenSchema, type CreatedIngestToken, type CreateIngestTokenInput } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useFormErrors, useFormRules } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useCreateIngestToken } from '../api/create-ingest-token';

interface CreateIngestTokenModalProps {
  open: boolean;
  onClose: () => void;
  /** The new token, for the caller to show once. */
  onCreated: (created: CreatedIngestToken) => void;
}

/** Names a new ingest token; the server makes the secret. */
export function CreateIngestTokenModal({ open, onClose, onCreated }: CreateIngestTokenModalProps) {
  const { t } = useTranslation('ingestTokens');
  const [form] = Form.useForm<CreateIngestTokenInput>();
  const rules = useFormRules(createIngestTokenSchema);
  const showErrors = useFormErrors(form);
  const toast = useToast();
  const create = useCreateIngestToken();

  const submit = ({ name }: CreateIngestTokenInput) =>
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          onClose();
          onCreated(created);
        },
        onError: (error) => {
          if (!showErrors(error)) toast.apiError(error, 'create');
        },
      },
    );

  return (
    <FormModal
      open={open}
      title={t('createTitle')}
      onClose={onClose}
      form={form}
      okText={t('create')}
      okTestId="ingest-token-create-submit"
      loading={create.isPending}
    >
      <Form<CreateIngestTokenInput> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="name" label={t('name')} extra={t('nameHelp')} rules={rules.field('name')}>
          <Input autoFocus autoComplete="off" data-testid="ingest-token-create-name" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
