import { addDomainSchema, type ServiceLine } from '@parapet/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmUncovered } from '@/components/confirm-uncovered';
import { FormModal } from '@/components/form-modal';
import { schemaFieldErrors } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useAddDomains } from '../../api/add-domains';
import { textLines } from '../setting/line-form';
import { useLineServerErrors } from '../setting/line-rules';
import { useTaskToast } from '../use-task-toast';

interface DomainAddModalProps {
  line: ServiceLine;
  /** How many domains the line has, and the most it may have (undefined: no limit known). */
  count: number;
  max: number | undefined;
  onClose: () => void;
}

interface AddValues {
  servername?: string;
  description?: string;
}

const toInput = (line: ServiceLine, values: AddValues) => ({
  groupName: line.groupName,
  appProfileName: line.appProfileName,
  servername: textLines(values.servername ?? '').map((d) => d.toLowerCase()),
  description: values.description ?? '',
});

/** Add domains to the line: one per line, with one description for all. */
export function DomainAddModal({ line, count, max, onClose }: DomainAddModalProps) {
  const { t } = useTranslation(['serviceLines', 'fieldErrors']);
  const [form] = Form.useForm<AddValues>();
  const add = useAddDomains(line);
  const toast = useToast();
  const taskToast = useTaskToast();
  const showErrors = useLineServerErrors(form);
  const confirmUncovered = useConfirmUncovered();

  const checkDomains = async () => {
    const input = toInput(line, form.getFieldsValue(true) as AddValues);
    if (!input.servername.length) throw new Error(t('fieldErrors:required'));
    const problems = schemaFieldErrors(addDomainSchema, input);
    const bad = Object.entries(problems).find(([path]) => path.startsWith('servername'));
    if (bad) {
      const domain = input.servername[Number(bad[0].split('.')[1])];
      const problem = t(`fieldErrors:${bad[1]}`);
      throw new Error(domain ? t('domains.badDomain', { domain, problem }) : problem);
    }
    const existing = new Set(line.servername);
    const repeated = input.servername.find((d, i) => existing.has(d) || input.servername.indexOf(d) !== i);
    if (repeated)
      throw new Error(t('domains.badDomain', { domain: repeated, problem: t('fieldErrors:duplicate_entry') }));
    if (max !== undefined && count + input.servername.length > max) throw new Error(t('domains.overLimit', { max }));
  };

  const onSuccess = (answer: { taskNo: string }) => {
    if (taskToast(answer, t('messages.domainsAdded'), 'domains-added')) onClose();
  };
  // Adding domains is a create (spec §7): a server or network failure says "Failed to create".
  const onError = (error: unknown) => {
    if (!showErrors(error)) toast.apiError(error, 'create');
  };
  const submit = (values: AddValues) => {
    const input = toInput(line, values);
    add.mutate(input, {
      onSuccess,
      // New domains the line's certificate does not cover are sent again only once confirmed;
      // Cancel leaves the form as it is.
      onError: (error) => {
        const asked = confirmUncovered(error);
        if (!asked) return onError(error);
        void asked.then((ok) => ok && add.mutate({ ...input, confirmUncovered: true }, { onSuccess, onError }));
      },
    });
  };

  return (
    <FormModal
      title={t('domains.addTitle')}
      onClose={onClose}
      form={form}
      okText={t('actions.add')}
      okTestId="domain-add-submit"
      loading={add.isPending}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="servername"
          label={t('domains.domainsField')}
          extra={t('domains.domainsHint')}
          rules={[{ validator: checkDomains }]}
        >
          <Input.TextArea
            autoFocus
            autoSize={{ minRows: 3, maxRows: 10 }}
            placeholder={'www.example.com\nshop.example.com'}
            data-testid="domain-add-domains"
          />
        </Form.Item>
        <Form.Item name="description" label={t('domains.description')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="domain-add-description" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
