import { Alert, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLine } from '../setting/line-context';
import { OnOff } from '../setting/read-view';

/** The line's ordered firewall rules, read-only here (choosing and ordering them is the firewall screen's). */
export function FirewallTab() {
  const { t } = useTranslation('serviceLines');
  const { line } = useLine();
  const rows = line.usedWafRules.map((rule, index) => ({ ...rule, order: index + 1 }));
  return (
    <Card title={t('tabs.firewall')} data-testid="tab-read-firewall">
      <Alert type="info" showIcon title={t('firewall.note')} style={{ marginBottom: 16 }} />
      <Table
        rowKey="value"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('firewall.empty') }}
        columns={[
          { key: 'order', title: t('firewall.order'), dataIndex: 'order', width: 80 },
          { key: 'rule', title: t('firewall.rule'), dataIndex: 'value' },
          { key: 'enabled', title: t('firewall.enabled'), render: (_, rule) => <OnOff value={rule.isEnabled} /> },
        ]}
        data-testid="waf-rules-table"
      />
    </Card>
  );
}
