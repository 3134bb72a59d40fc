import { purgeSchema, type ServiceLine } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmProceed } from '@/components/confirm-action';
import { FormModal } from '@/components/form-modal';
import { useFormRules } from '@/lib/form-rules';
import { usePurgeServiceLine } from '../api/purge-service-line';
import { useFailureToast } from './use-failure-toast';
import { useTaskToast } from './use-task-toast';

interface Values {
  path: string;
}

/** One path as the purge request's list: none clears everything. */
const pathsOf = (path: string | undefined) => (path?.trim() ? [path.trim()] : []);

/** The purge schema sees `paths`; the form has one `path`, so its problem is shown there. */
const pathSchema = {
  safeParse: (values: unknown) => {
    const result = purgeSchema.safeParse({ paths: pathsOf((values as Partial<Values>).path) });
    if (result.success) return { success: true as const };
    return {
      success: false as const,
      error: { issues: result.error.issues.map((i) => ({ ...i, path: i.path[0] === 'paths' ? ['path'] : i.path })) },
    };
  },
};

interface PurgeModalProps {
  /** The line whose cache to clear; the modal is closed without one. */
  line: ServiceLine | undefined;
  onClose: () => void;
}

/**
 * Clear cache (GLOSSARY §1.10), from the list and from the Service Setting header: one path or
 * pattern, or nothing for everything; asks before it clears.
 */
export function PurgeModal({ line, onClose }: PurgeModalProps) {
  const { t } = useTranslation(['serviceLines', 'common']);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(pathSchema);
  const confirmProceed = useConfirmProceed();
  const purge = usePurgeServiceLine();
  const taskToast = useTaskToast();
  const failed = useFailureToast();

  const submit = ({ path }: Values) => {
    if (!line) return;
    const paths = pathsOf(path);
    confirmProceed(
      () =>
        purge.mutate(
          { id: line.id, paths },
          {
            onSuccess: (answer) => taskToast(answer, t('serviceLines:purge.done'), 'service-line-purged', onClose),
            onError: (e) => failed(e, t('serviceLines:purge.failed'), 'service-line-purge-failed'),
          },
        ),
      paths.length
        ? t('serviceLines:purge.confirmPath', { path: paths[0], name: line.appProfileName })
        : t('serviceLines:purge.confirmAll', { name: line.appProfileName }),
    );
  };

  return (
    <FormModal
      open={line !== undefined}
      title={t('serviceLines:purge.title', { name: line?.appProfileName ?? '' })}
      onClose={onClose}
      form={form}
      okText={t('serviceLines:purge.submit')}
      okTestId="service-line-purge-submit"
      loading={purge.isPending}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ path: '' }}>
        <Form.Item
          name="path"
          label={t('serviceLines:purge.path')}
          extra={t('serviceLines:purge.pathHint')}
          rules={rules.field('path')}
        >
          <Input
            placeholder={t('serviceLines:purge.pathPlaceholder')}
            autoComplete="off"
            autoFocus
            data-testid="service-line-purge-path"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
