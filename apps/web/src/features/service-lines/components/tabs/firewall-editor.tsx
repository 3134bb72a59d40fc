import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { LINE_RULES_SHOWN, type ServiceLine } from '@parapet/shared';
import { Button, Form, Space, Typography, type FormListFieldData, type FormListOperation } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleTesterModal } from '@/components/rule-tester/rule-tester-modal';
import { useGroupWafRules, type WafRuleChoice } from '../../api/list-group-waf-rules';
import type { EditContext } from '../setting/setting-tab';
import { FirewallAddModal } from './firewall-add-modal';
import { FirewallRows } from './firewall-rows';

type UsedWafRule = ServiceLine['usedWafRules'][number];

/**
 * The line's rules as the form holds them: reorder (drag a row, or its arrows), switch each on
 * or off for this line, remove, add from the group's rules the line does not use yet, and test
 * the list as it stands before saving. Save (the tab's) sends the whole line and deploys it.
 */
export function FirewallEditor({ form, base }: EditContext) {
  const { t } = useTranslation('serviceLines');
  const choices = useGroupWafRules(base.groupName);
  const byName = useMemo(
    () => new Map<string, WafRuleChoice>((choices.data ?? []).map((rule) => [rule.ruleName, rule])),
    [choices.data],
  );
  const [all, setAll] = useState(false);
  const [adding, setAdding] = useState(false);
  // The list as it was when Test was pressed: unsaved order and switches included.
  const [testing, setTesting] = useState<UsedWafRule[]>();
  const current = (): UsedWafRule[] => (form.getFieldValue('usedWafRules') as UsedWafRule[] | undefined) ?? [];

  const toolbar = (fields: FormListFieldData[], { add }: FormListOperation) => (
    <Space wrap>
      <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="waf-rules-add">
        {t('firewall.add')}
      </Button>
      <Button
        icon={<ExperimentOutlined />}
        disabled={!fields.length}
        onClick={() => setTesting(current())}
        data-testid="waf-rules-test"
      >
        {t('firewall.test')}
      </Button>
      <FirewallAddModal
        open={adding}
        choices={choices}
        used={adding ? current().map((rule) => rule.value) : []}
        onClose={() => setAdding(false)}
        onAdd={(names) => {
          for (const value of names) add({ value, isEnabled: true });
          // Added rows go last; show them even when they are past the first rows.
          if (fields.length + names.length > LINE_RULES_SHOWN) setAll(true);
          setAdding(false);
        }}
      />
    </Space>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Typography.Text type="secondary">{t('firewall.hint')}</Typography.Text>
      <Form.List name="usedWafRules">
        {(fields, operations) => (
          <>
            {toolbar(fields, operations)}
            <FirewallRows
              form={form}
              groupName={base.groupName}
              fields={fields}
              operations={operations}
              byName={choices.isSuccess ? byName : undefined}
              all={all}
              onShowAll={() => setAll(true)}
            />
          </>
        )}
      </Form.List>
      <RuleTesterModal
        open={testing !== undefined}
        onClose={() => setTesting(undefined)}
        groupName={base.groupName}
        rules={testing ?? []}
      />
    </Space>
  );
}
