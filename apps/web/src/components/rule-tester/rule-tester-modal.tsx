import type { WafRuleInput } from '@parapet/shared';
import { Button, Divider, Form, Modal, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/lib/toast';
import { useRuleTest } from './run-rule-test';
import { EdgeFields, RawField, RequestFields } from './tester-fields';
import { TESTER_DEFAULTS, testBody, type TesterMode, type TesterValues } from './tester-request';
import { TesterOutcome } from './tester-outcome';
import { TesterTrace } from './tester-trace';
import { useTesterServerErrors } from './tester-server-errors';

export interface RuleTesterModalProps {
  open: boolean;
  onClose(): void;
  groupName: string;
  /** The rules to try, in order, by name; unsaved order and switches count. */
  rules?: Array<{ value: string; isEnabled: boolean }>;
  /** A line whose saved rules to try (instead of `rules`). */
  appProfileName?: string;
  /** A rule as its form holds it, tried in place of its saved version (or last, when new). */
  draft?: WafRuleInput;
}

const REQUEST_FIELDS: (keyof TesterValues)[] = ['method', 'url', 'headers'];
const EDGE_FIELDS: (keyof TesterValues)[] = ['clientIp', 'country', 'isp', 'proxyType', 'ratePerSecond', 'owasp'];

/**
 * The rule tester (issue 12 item 8): a request, typed as fields or pasted raw, judged by the one
 * evaluator against the rules given → each rule with its verdict and why, and what the visitor
 * would get. Opened from the rules list, the rule form and a line's Firewall Rules tab.
 */
export function RuleTesterModal({ open, onClose, ...target }: RuleTesterModalProps) {
  const { t } = useTranslation('wafTester');
  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onClose}
      width={1000}
      destroyOnHidden
      footer={null}
      data-testid="rule-tester"
    >
      {open ? <RuleTester {...target} onClose={onClose} /> : null}
    </Modal>
  );
}

function RuleTester({ onClose, ...target }: Omit<RuleTesterModalProps, 'open'>) {
  const { t } = useTranslation(['wafTester', 'common']);
  const [form] = Form.useForm<TesterValues>();
  const [mode, setMode] = useState<TesterMode>('form');
  const test = useRuleTest();
  const toast = useToast();
  const showServerErrors = useTesterServerErrors(form);

  const subject = target.appProfileName
    ? t('subject.line', { line: target.appProfileName })
    : target.rules?.length || !target.draft
      ? t('subject.rules', { count: target.rules?.length ?? 0 })
      : t('subject.draft', { rule: target.draft.ruleName });

  const run = () =>
    form.validateFields([...(mode === 'form' ? REQUEST_FIELDS : ['raw' as const]), ...EDGE_FIELDS]).then(
      () => {
        const values = { ...TESTER_DEFAULTS, ...form.getFieldsValue(true) } as TesterValues;
        const body = testBody(target, values, mode);
        test.mutate(body, {
          onError: (error) => {
            if (!showServerErrors(error, body)) toast.apiError(error);
          },
        });
      },
      () => undefined,
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Text type="secondary" data-testid="tester-subject">
        {subject}
      </Typography.Text>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={TESTER_DEFAULTS}>
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as TesterMode)}
          items={[
            {
              key: 'form',
              label: <span data-testid="tester-mode-form">{t('modes.form')}</span>,
              children: <RequestFields />,
            },
            { key: 'raw', label: <span data-testid="tester-mode-raw">{t('modes.raw')}</span>, children: <RawField /> },
          ]}
        />
        <Divider titlePlacement="start">{t('edgeTitle')}</Divider>
        <EdgeFields />
      </Form>
      <Space>
        <Button onClick={onClose} data-testid="tester-close">
          {t('common:actions.cancel')}
        </Button>
        <Button type="primary" loading={test.isPending} onClick={() => void run()} data-testid="tester-run">
          {t('run')}
        </Button>
      </Space>
      {test.data ? (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle" data-testid="tester-result">
          <TesterOutcome outcome={test.data.outcome} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('trace.title')}
          </Typography.Title>
          <TesterTrace rules={test.data.rules} />
        </Space>
      ) : null}
    </Space>
  );
}
