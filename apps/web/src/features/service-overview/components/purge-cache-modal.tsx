import { purgeSchema, type ServiceLine } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { schemaFieldErrors } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { usePurgeLineCache } from '../api/purge-line-cache';
import { useTaskToast } from './use-task-toast';

interface PurgeCacheModalProps {
  line: ServiceLine;
  onClose: () => void;
}

const pathsOf = (path: string | undefined) => (path?.trim() ? [path.trim()] : []);

/** Clear cache by path (spec §2): one path or pattern, or nothing to clear everything. */
export function PurgeCacheModal({ line, onClose }: PurgeCacheModalProps) {
  const { t } = useTranslation(['serviceOverview', 'fieldErrors']);
  const [form] = Form.useForm<{ path?: string }>();
  const purge = usePurgeLineCache();
  const toast = useToast();
  const taskToast = useTaskToast();

  const submit = ({ path }: { path?: string }) =>
    purge.mutate(
      { id: line.id, paths: pathsOf(path) },
      {
        onSuccess: (answer) => {
          if (taskToast(answer, t('messages.purgeStarted'), 'purge-started')) onClose();
        },
        onError: (error) => toast.apiError(error),
      },
    );

  return (
    <FormModal title={t('purge.title')} onClose={onClose} form={form} okText={t('purge.submit')} okTestId="purge-cache-submit" loading={purge.isPending}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="path"
          label={t('purge.path')}
          extra={t('purge.pathHint')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const code = schemaFieldErrors(purgeSchema, { paths: pathsOf(value) })['paths.0'];
                if (code) throw new Error(t(`fieldErrors:${code}`));
              },
            },
          ]}
        >
          <Input autoFocus autoComplete="off" placeholder="/images/" data-testid="purge-cache-path" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
