import { LockOutlined, SettingOutlined } from '@ant-design/icons';
import type { ServiceLine, ServiceLineSettings } from '@parapet/shared';
import { Button, Card, Form, Space, Tag, Tooltip, type FormInstance, type FormRule } from 'antd';
import { useConfirmProceed } from '@/components/confirm-action';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmUncovered } from '@/components/confirm-uncovered';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { invalidOrigins } from '@/lib/validate-origin';
import { useUpdateServiceLine, type UpdateServiceLineBody } from '../../api/update-service-line';
import { TAB_CHILD } from './line-access';
import { useLine } from './line-context';
import { lineBody, writableSpec, type TabFormSpec } from './line-form';
import { useLineRules, useLineServerErrors, type LineRules } from './line-rules';
import type { TabKey } from './tab-param';
import { useTaskToast } from '../use-task-toast';
import { ConflictAlert } from '@/components/conflict-alert';

export interface EditContext {
  form: FormInstance;
  /** Rules for a field path, checked as the server would check the whole line. */
  rules: (name: string) => FormRule[];
  /** The same for a Form.List. */
  listRules: LineRules['list'];
  /** The line the form was filled from. */
  base: ServiceLine;
  /** A setting of another child that the user may not write: its field shows disabled. */
  locked: (field: keyof ServiceLineSettings) => boolean;
}

interface SettingTabProps<V> {
  tab: TabKey;
  /** The settings in read mode. */
  read: ReactNode;
  spec: TabFormSpec<V>;
  /** The form's fields in edit mode. */
  fields: (context: EditContext) => ReactNode;
}

/**
 * One tab of settings (GLOSSARY §1): read mode with a gear that switches to a form with
 * Cancel and Save. Save asks "Are you sure want to proceed?" and posts the whole line as it
 * was read, with the tab's changes. The gear needs the write of the tab's child of
 * `serviceLines` (TAB_CHILD); without it the tab stays in read mode, marked read-only.
 */
export function SettingTab<V>({ tab, read, spec, fields }: SettingTabProps<V>) {
  const { t } = useTranslation('serviceLines');
  const { line, access, reload } = useLine();
  // The line the form was filled from: its version goes with the save, so a save by
  // someone else in between is answered with a conflict instead of being overwritten.
  const [base, setBase] = useState<ServiceLine>();
  // A Reload starts a fresh form, even when the line read again is unchanged.
  const [round, setRound] = useState(0);

  if (!base) {
    const edit = access.write(TAB_CHILD[tab]) ? (
      <Button
        icon={<SettingOutlined />}
        disabled={line.status === 'Deleting'}
        onClick={() => setBase(line)}
        data-testid={`tab-edit-${tab}`}
      >
        {t('actions.edit')}
      </Button>
    ) : (
      <ReadOnlyTag tab={tab} />
    );
    return (
      <Card title={t(`tabs.${tab}`)} extra={edit} data-testid={`tab-read-${tab}`}>
        {read}
      </Card>
    );
  }

  const onReload = () =>
    void reload().then((fresh) => {
      if (fresh) setBase(fresh);
      setRound((n) => n + 1);
    });
  return (
    <Card title={t(`tabs.${tab}`)} data-testid={`tab-form-${tab}`}>
      <TabEditor
        key={`${base.version}-${round}`}
        tab={tab}
        base={base}
        spec={spec}
        fields={fields}
        onClose={() => setBase(undefined)}
        onReload={onReload}
      />
    </Card>
  );
}

/** Says why a tab has no Edit: the user's role may view its settings but not change them. */
export function ReadOnlyTag({ tab }: { tab: TabKey }) {
  const { t } = useTranslation('serviceLines');
  return (
    <Tooltip title={t('access.readOnlyHint')}>
      <Tag icon={<LockOutlined />} data-testid={`tab-readonly-${tab}`}>
        {t('access.readOnly')}
      </Tag>
    </Tooltip>
  );
}

interface TabEditorProps<V> extends Pick<SettingTabProps<V>, 'tab' | 'spec' | 'fields'> {
  base: ServiceLine;
  onClose: () => void;
  onReload: () => void;
}

function TabEditor<V>({ tab, base, spec: tabSpec, fields, onClose, onReload }: TabEditorProps<V>) {
  const { t } = useTranslation('serviceLines');
  const { access } = useLine();
  // A field of another child the user may not write is disabled, and its change never sent.
  const spec = useMemo(() => writableSpec(tabSpec, access.writable), [tabSpec, access.writable]);
  const locked = (field: keyof ServiceLineSettings) => !access.writable.has(field);
  const { t: tc } = useTranslation(['common', 'errors', 'fieldErrors']);
  const confirmProceed = useConfirmProceed();
  const [form] = Form.useForm();
  const rules = useLineRules(form, base, spec);
  const showErrors = useLineServerErrors(form);
  const toast = useToast();
  const taskToast = useTaskToast();
  const update = useUpdateServiceLine();
  const confirmUncovered = useConfirmUncovered();
  const initialValues = useMemo(() => spec.toForm(base) as object, [spec, base]);
  const conflict = isApiError(update.error) && update.error.code === 'VERSION_CONFLICT';

  // Spec §4: a line's origins are validated first, then the update is sent.
  const save = async () => {
    const body = lineBody(base, spec, form.getFieldsValue(true) as V);
    if (!body.useOriginPolicy && body.origins.length) {
      const bad = await invalidOrigins(body.origins.map((o) => o.address)).catch(() => []);
      if (bad.length) {
        form.setFields(
          bad.map(({ index, code }) => ({ name: ['origins', index, 'address'], errors: [tc(`fieldErrors:${code}`)] })),
        );
        return;
      }
    }
    send(body);
  };
  const send = (body: UpdateServiceLineBody) =>
    update.mutate(body, {
      onSuccess: (answer) => {
        if (taskToast(answer, t('messages.updated'), 'service-line-updated')) onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'VERSION_CONFLICT') return;
        // A certificate that does not cover every domain is used only once the user says so.
        const asked = confirmUncovered(error);
        if (asked) return void asked.then((ok) => ok && send({ ...body, confirmUncovered: true }));
        if (!showErrors(error)) toast.apiError(error, 'update');
      },
    });
  const submit = () =>
    form.validateFields().then(
      () => confirmProceed(() => void save()),
      () => undefined,
    );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={() => void submit()}
    >
      <ConflictAlert
        show={conflict}
        testId="service-conflict"
        onReload={onReload}
        reloadTestId="service-conflict-reload"
      />
      {fields({ form, rules: rules.field, listRules: rules.list, base, locked })}
      <Space>
        <Button onClick={onClose} data-testid={`tab-cancel-${tab}`}>
          {tc('common:actions.cancel')}
        </Button>
        <Button type="primary" loading={update.isPending} onClick={() => void submit()} data-testid={`tab-save-${tab}`}>
          {tc('common:actions.save')}
        </Button>
      </Space>
    </Form>
  );
}
