import type { ServiceLine } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmProceed } from '@/components/confirm-action';
import { FormModal } from '@/components/form-modal';
import { useToast } from '@/lib/toast';
import { useBulkEditDomains } from '../../api/bulk-edit-domains';

interface DomainsEditModalProps {
  line: ServiceLine;
  domains: string[];
  onClose: (saved: boolean) => void;
}

/** Bulk edit: one description for every chosen domain. */
export function DomainsEditModal({ line, domains, onClose }: DomainsEditModalProps) {
  const { t } = useTranslation(['serviceLines', 'common']);
  const [form] = Form.useForm<{ description?: string }>();
  const edit = useBulkEditDomains(line);
  const toast = useToast();
  const confirmProceed = useConfirmProceed();
  // The description is saved on the line at once: asked first, as every edit is (spec §6).
  const submit = ({ description }: { description?: string }) =>
    confirmProceed(() =>
      edit.mutate(
        { id: line.id, domains, description: description ?? '' },
        {
          onSuccess: () => {
            toast.success(t('messages.domainsUpdated'), 'domains-updated');
            onClose(true);
          },
          onError: (error) => toast.apiError(error),
        },
      ),
    );
  return (
    <FormModal
      title={t('domains.editTitle', { count: domains.length })}
      onClose={() => onClose(false)}
      form={form}
      okText={t('common:actions.save')}
      okTestId="domains-edit-submit"
      loading={edit.isPending}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="description" label={t('domains.description')}>
          <Input.TextArea autoFocus autoSize={{ minRows: 2, maxRows: 6 }} data-testid="domains-edit-description" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
