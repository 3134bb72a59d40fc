import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import type { WafRuleChoice } from '../../api/list-group-waf-rules';
import { RuleAction } from './firewall-cells';

interface FirewallAddModalProps {
  open: boolean;
  choices: UseQueryResult<WafRuleChoice[]>;
  /** The names the line's list holds now (saved or not). */
  used: readonly string[];
  onAdd: (names: string[]) => void;
  onClose: () => void;
}

/** "Add rule": the group's rules the line does not use yet, searched by name, several at once. */
export function FirewallAddModal({ open, ...props }: FirewallAddModalProps) {
  const { t } = useTranslation(['serviceLines', 'common']);
  return (
    <Modal
      open={open}
      title={t('serviceLines:firewall.addTitle')}
      onCancel={props.onClose}
      footer={null}
      width={720}
      destroyOnHidden
      data-testid="waf-rules-add-modal"
    >
      {open ? <AddRules {...props} /> : null}
    </Modal>
  );
}

function AddRules({ choices, used, onAdd, onClose }: Omit<FirewallAddModalProps, 'open'>) {
  const { t } = useTranslation(['serviceLines', 'common', 'errors']);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const taken = new Set(used);
  const unused = (choices.data ?? []).filter((rule) => !taken.has(rule.ruleName));
  const needle = search.trim().toLowerCase();
  const shown = needle ? unused.filter((rule) => rule.ruleName.toLowerCase().includes(needle)) : unused;

  if (choices.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('serviceLines:firewall.rulesLoadFailed')}
        description={isApiError(choices.error) ? t(`errors:${choices.error.code}`) : undefined}
        data-testid="waf-rules-add-error"
      />
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('serviceLines:firewall.search')}
        aria-label={t('serviceLines:firewall.search')}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="waf-rules-add-search"
      />
      <Table<WafRuleChoice>
        rowKey="ruleName"
        size="small"
        loading={choices.isPending}
        dataSource={shown}
        pagination={{ hideOnSinglePage: true, showSizeChanger: false }}
        // Ticks survive a search that hides them: pick from several searches, then add.
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (rule) => ({ 'aria-label': rule.ruleName }) as object,
        }}
        locale={{ emptyText: t(unused.length ? 'serviceLines:firewall.noMatch' : 'serviceLines:firewall.noneLeft') }}
        onRow={(rule) => ({ 'data-testid': `waf-rules-add-row-${rule.ruleName}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'rule', title: t('serviceLines:firewall.rule'), dataIndex: 'ruleName' },
          { key: 'action', title: t('serviceLines:firewall.action'), render: (_, rule) => <RuleAction rule={rule} /> },
          { key: 'description', title: t('serviceLines:fields.description'), dataIndex: 'description', ellipsis: true },
        ]}
        data-testid="waf-rules-add-table"
      />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose} data-testid="waf-rules-add-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="primary"
          disabled={!selected.length}
          onClick={() => onAdd(unused.map((rule) => rule.ruleName).filter((name) => selected.includes(name)))}
          data-testid="waf-rules-add-ok"
        >
          {t('serviceLines:firewall.addSelected', { count: selected.length })}
        </Button>
      </Space>
    </Space>
  );
}
