import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RuleTesterModal } from '@/components/rule-tester/rule-tester-modal';
import { PATHS } from '@/lib/paths';
import { withGroup } from '@/lib/tenancy/group-selection';
import { useGroupWafRules } from '../../api/list-group-waf-rules';
import { useLine } from '../setting/line-context';
import { OnOff } from '../setting/read-view';
import { RuleAction, RuleName, shownRows, ShowMore } from './firewall-cells';

/**
 * The line's rules as saved, in the order the edge checks them: each with its action and
 * whether it is on for this line. Test tries a request against this saved list.
 */
export function FirewallRead() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const choices = useGroupWafRules(line.groupName);
  const [all, setAll] = useState(false);
  const [testing, setTesting] = useState(false);
  const byName = new Map((choices.data ?? []).map((rule) => [rule.ruleName, rule]));
  const rows = line.usedWafRules.map((rule, index) => ({ ...rule, order: index + 1 }));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('firewall.hint')}</Typography.Text>
      <Space wrap>
        <Button
          icon={<ExperimentOutlined />}
          disabled={!line.usedWafRules.length}
          onClick={() => setTesting(true)}
          data-testid="waf-rules-test"
        >
          {t('firewall.test')}
        </Button>
        <Link to={withGroup(PATHS.firewallRules, line.groupName)} data-testid="waf-rules-manage">
          {t('firewall.manage')}
        </Link>
      </Space>
      <Table
        rowKey="value"
        size="small"
        pagination={false}
        dataSource={shownRows(rows, all)}
        locale={{ emptyText: t('firewall.empty') }}
        onRow={(rule) => ({ 'data-testid': `waf-rule-row-${rule.value}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'order', title: t('firewall.order'), dataIndex: 'order', width: 80 },
          {
            key: 'rule',
            title: t('firewall.rule'),
            render: (_, rule) => (
              <RuleName
                groupName={line.groupName}
                name={rule.value}
                missing={choices.isSuccess && !byName.has(rule.value)}
              />
            ),
          },
          {
            key: 'action',
            title: t('firewall.action'),
            render: (_, rule) => <RuleAction rule={byName.get(rule.value)} />,
          },
          { key: 'enabled', title: t('firewall.enabled'), render: (_, rule) => <OnOff value={rule.isEnabled} /> },
        ]}
        data-testid="waf-rules-table"
      />
      {all ? null : <ShowMore total={rows.length} onClick={() => setAll(true)} />}
      <RuleTesterModal
        open={testing}
        onClose={() => setTesting(false)}
        groupName={line.groupName}
        appProfileName={line.appProfileName}
        rules={line.usedWafRules}
      />
    </Space>
  );
}
