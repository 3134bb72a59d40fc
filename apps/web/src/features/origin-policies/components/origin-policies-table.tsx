import type { OriginPolicy } from '@parapet/shared';
import { Button, Space, type TableColumnsType } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { ItemTable, type ItemTableProps } from '@/components/item-table';
import { isApiError } from '@/lib/api-client';
import { useValueFormat } from '@/lib/format-values';
import { useToast } from '@/lib/toast';
import { useDeleteOriginPolicy } from '../api/delete-origin-policy';
import { OPTIONAL_ORIGIN_POLICY_COLUMNS, optionalColumns } from './origin-policy-columns';

/** The names an IN_USE answer lists; the row's own `usedBy` if it carries none. */
const usedByOf = (error: unknown, policy: OriginPolicy): string[] =>
  isApiError(error) && error.usedBy?.length ? error.usedBy : policy.usedBy;

/** One server-side page of the group's policies: origins with live health, settings, status and actions. */
export function OriginPoliciesTable({ visible, canWrite, onEdit, onLog, ...rows }: ItemTableProps<OriginPolicy>) {
  const { t } = useTranslation('originPolicies');
  const { t: tc } = useTranslation(['common', 'errors']);
  const { regionShort } = useValueFormat();
  const toast = useToast();
  const remove = useDeleteOriginPolicy();

  const deletePolicy = (policy: OriginPolicy) =>
    remove.mutate(policy.id, {
      onSuccess: () => toast.success(tc('common:messages.deleted'), 'origin-policy-deleted'),
      onError: (error) => {
        if (!isApiError(error) || error.code !== 'IN_USE') return toast.apiError(error, 'delete');
        const usedBy = usedByOf(error, policy).join(', ');
        toast.error(t('deleteInUse', { name: policy.policyName, usedBy }), 'origin-policy-delete-failed');
      },
    });

  const columns = useMemo(() => {
    const optional = optionalColumns(t, regionShort, onLog);
    const list: TableColumnsType<OriginPolicy> = [
      { key: 'policyName', title: t('fields.policyName'), dataIndex: 'policyName' },
    ];
    for (const key of OPTIONAL_ORIGIN_POLICY_COLUMNS) if (visible.includes(key)) list.push(optional[key]);
    if (canWrite)
      list.push({
        key: 'actions',
        title: t('actions'),
        render: (_, p) => (
          <Space>
            <Button size="small" onClick={() => onEdit(p)} data-testid={`origin-policy-edit-${p.policyName}`}>
              {t('edit')}
            </Button>
            <ConfirmAction kind="delete" onConfirm={() => deletePolicy(p)}>
              <Button size="small" danger data-testid={`origin-policy-delete-${p.policyName}`}>
                {t('delete')}
              </Button>
            </ConfirmAction>
          </Space>
        ),
      });
    return list;
    // deletePolicy closes over the mutation, which is stable enough for rendering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, regionShort, visible, canWrite, onEdit, onLog]);

  return (
    <ItemTable<OriginPolicy>
      {...rows}
      columns={columns}
      onRow={(p) => ({ 'data-testid': `origin-policy-row-${p.policyName}` }) as HTMLAttributes<HTMLElement>}
      testId="origin-policies-table"
    />
  );
}
