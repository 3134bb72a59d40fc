import type { WafRule } from '@parapet/shared';
import { Button, Empty, Space, type TableColumnsType } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { ItemTable, type ItemTableProps } from '@/components/item-table';
import { isApiError } from '@/lib/api-client';
import { useToast } from '@/lib/toast';
import { useDeleteWafRule } from '../api/delete-waf-rule';
import { OPTIONAL_WAF_RULE_COLUMNS, optionalColumns } from './waf-rule-columns';

/** The lines an IN_USE answer names; the row's own `usedBy` if it names none. */
const usedByOf = (error: unknown, rule: WafRule): string[] =>
  isApiError(error) && error.usedBy?.length ? error.usedBy : rule.usedBy;

/** One server-side page of the group's rules: the chosen columns, status live, edit and delete. */
export function WafRulesTable({ visible, canWrite, onEdit, onLog, ...rows }: ItemTableProps<WafRule>) {
  const { t } = useTranslation(['wafRules', 'plans', 'common', 'errors']);
  const toast = useToast();
  const remove = useDeleteWafRule();

  const deleteRule = (rule: WafRule) =>
    remove.mutate(rule, {
      onSuccess: () => toast.success(t('common:messages.deleted'), 'waf-rule-deleted'),
      onError: (error) => {
        if (!isApiError(error) || error.code !== 'IN_USE') return toast.apiError(error, 'delete');
        const usedBy = usedByOf(error, rule).join(', ');
        toast.error(t('wafRules:messages.deleteInUse', { name: rule.ruleName, usedBy }), 'waf-rule-delete-failed');
      },
    });

  const columns = useMemo(() => {
    const optional = optionalColumns(t, onLog);
    const name: TableColumnsType<WafRule>[number] = {
      key: 'ruleName',
      title: t('wafRules:fields.ruleName'),
      dataIndex: 'ruleName',
    };
    const list: TableColumnsType<WafRule> = [];
    // Table order: Group, Rule Name, then the chosen columns, Actions last.
    if (visible.includes('groupName')) list.push(optional.groupName);
    list.push(name);
    for (const key of OPTIONAL_WAF_RULE_COLUMNS)
      if (key !== 'groupName' && visible.includes(key)) list.push(optional[key]);
    if (canWrite)
      list.push({
        key: 'actions',
        title: t('wafRules:fields.actions'),
        render: (_, rule) => (
          <Space>
            <Button size="small" onClick={() => onEdit(rule)} data-testid={`waf-rule-edit-${rule.ruleName}`}>
              {t('wafRules:edit')}
            </Button>
            <ConfirmAction kind="delete" onConfirm={() => deleteRule(rule)}>
              <Button size="small" danger data-testid={`waf-rule-delete-${rule.ruleName}`}>
                {t('wafRules:delete')}
              </Button>
            </ConfirmAction>
          </Space>
        ),
      });
    return list;
    // deleteRule closes over the mutation, which is stable enough for rendering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, visible, canWrite, onEdit, onLog]);

  return (
    <ItemTable<WafRule>
      {...rows}
      columns={columns}
      locale={{ emptyText: <Empty description={t('wafRules:empty')} data-testid="waf-rules-empty" /> }}
      onRow={(rule) => ({ 'data-testid': `waf-rule-row-${rule.ruleName}` }) as HTMLAttributes<HTMLElement>}
      testId="waf-rules-table"
    />
  );
}
