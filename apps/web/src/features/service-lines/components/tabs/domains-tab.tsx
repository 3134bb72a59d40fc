import { ClearOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { UNLIMITED_DOMAINS } from '@parapet/shared';
import { Alert, App, Button, Card, Space, Table, Typography, type ButtonProps } from 'antd';
import { useState, type HTMLAttributes, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTablePagination } from '@/components/table-pagination';
import { isApiError } from '@/lib/api-client';
import { toFieldErrorCode } from '@/lib/form-rules';
import { useToast } from '@/lib/toast';
import { useResourceLimits } from '@/lib/tenancy/resource-limits';
import { useBulkDeleteDomains } from '../../api/bulk-delete-domains';
import { useLineDomains, type LineDomain } from '../../api/list-line-domains';
import { usePurgeServiceLine } from '../../api/purge-service-line';
import { useLine } from '../setting/line-context';
import { ReadOnlyTag } from '../setting/setting-tab';
import { LineStatusTag } from '../status-tag';
import { TextOrDash } from '../setting/read-view';
import { useTaskToast } from '../use-task-toast';
import { DomainAddModal } from './domain-add-modal';
import { DomainsEditModal } from './domains-edit-modal';

/** The line's own cap, else the plan's (a cap of -1 leaves it to the plan). */
function useDomainLimit(): number | undefined {
  const { line } = useLine();
  const limits = useResourceLimits(line.groupName);
  if (line.maxServerNameInAppProfileCount !== UNLIMITED_DOMAINS) return line.maxServerNameInAppProfileCount;
  return limits.data?.plan.resourceLimits.maxServerNameInAppProfileCount;
}

/** A click on a row toggles it too, so the whole row is a target; not one on its checkbox or on a control inside it. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest(
    '.ant-table-selection-column, button, a, [role="button"], .ant-typography-copy',
  ) !== null;

/**
 * The line's domains: add, and bulk edit, delete and clear cache on the selected ones (spec §2
 * Domains list). Adding, describing and deleting need the `domains` write, clearing cache the
 * `cacheRules` write; rows can be ticked for whichever of them the user has.
 */
export function DomainsTab() {
  const { t } = useTranslation(['serviceLines', 'fieldErrors', 'common']);
  const { line, access } = useLine();
  const canEdit = access.write('domains');
  const canPurge = access.write('cacheRules');
  const canSelect = canEdit || canPurge;
  const { modal } = App.useApp();
  const toast = useToast();
  // Paged here, not by the server: a line's domains come in one answer (at most its plan's count).
  const pagination = useTablePagination();
  const taskToast = useTaskToast();
  const domains = useLineDomains(line);
  const remove = useBulkDeleteDomains(line);
  const purge = usePurgeServiceLine();
  const max = useDomainLimit();
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);

  const items = domains.data ?? [];
  // Only domains still listed count as chosen (one may have gone since it was ticked).
  const chosen = selected.filter((d) => items.some((item) => item.domain === d));
  const count = items.length || line.servername.length;
  const toggle = (domain: string) =>
    setSelected((prev) => (prev.includes(domain) ? prev.filter((d) => d !== domain) : [...prev, domain]));

  const onError = (error: unknown) => {
    // A refused delete names its reason per domain (the last domain of a line must stay).
    const code = isApiError(error) ? Object.values(error.fields ?? {})[0] : undefined;
    if (code) toast.error(t(`fieldErrors:${toFieldErrorCode(code)}`), 'toast-api-error');
    else toast.apiError(error);
  };
  // The spec's question as the title (§6), the count of items it acts on below it (§2).
  const confirm = (kind: 'delete' | 'proceed', content: string, onOk: () => void) =>
    modal.confirm({
      title: t(kind === 'delete' ? 'common:confirm.delete' : 'common:confirm.proceed'),
      content,
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: kind === 'delete', 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk,
    });
  const bulkDelete = () =>
    confirm('delete', t('domains.confirmDelete', { count: chosen.length }), () =>
      remove.mutate(
        { id: line.id, domains: chosen },
        {
          onSuccess: (answer) => {
            if (taskToast(answer, t('messages.domainsDeleted'), 'domains-deleted')) setSelected([]);
          },
          onError,
        },
      ),
    );
  const bulkPurge = () =>
    confirm('proceed', t('domains.confirmPurge', { count: chosen.length }), () =>
      purge.mutate(
        { id: line.id, paths: [], domains: chosen },
        { onSuccess: (answer) => void taskToast(answer, t('messages.purgeStarted'), 'purge-started'), onError },
      ),
    );

  const actions = canSelect ? (
    <Space wrap>
      {canEdit ? (
        <Button
          icon={<EditOutlined />}
          disabled={!chosen.length}
          onClick={() => setEditing(true)}
          data-testid="domains-bulk-edit"
        >
          {t('domains.bulkEdit')}
        </Button>
      ) : null}
      {canPurge ? (
        <Button
          icon={<ClearOutlined />}
          disabled={!chosen.length}
          loading={purge.isPending}
          onClick={bulkPurge}
          data-testid="domains-bulk-purge"
        >
          {t('domains.bulkPurge')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!chosen.length}
          loading={remove.isPending}
          onClick={bulkDelete}
          data-testid="domains-bulk-delete"
        >
          {t('domains.bulkDelete')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={max !== undefined && count >= max}
          onClick={() => setAdding(true)}
          data-testid="domain-add"
        >
          {t('domains.add')}
        </Button>
      ) : (
        <ReadOnlyTag tab="domains" />
      )}
    </Space>
  ) : (
    <ReadOnlyTag tab="domains" />
  );

  return (
    <Card title={t('tabs.domains')} extra={actions} data-testid="tab-read-domains">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text data-testid="domains-count">
          {max === undefined ? t('domains.countUnlimited', { count }) : t('domains.count', { count, max })}
        </Typography.Text>
        {chosen.length ? (
          <Typography.Text type="secondary">{t('domains.selected', { count: chosen.length })}</Typography.Text>
        ) : null}
      </Space>
      {domains.isError ? (
        <Alert type="error" showIcon title={t('domains.loadFailed')} style={{ marginBottom: 12 }} />
      ) : null}
      <Table<LineDomain>
        rowKey="domain"
        size="small"
        loading={domains.isFetching}
        dataSource={items}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('domains.empty') }}
        rowSelection={
          canSelect ? { selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        onRow={(row) =>
          ({
            'data-testid': `domain-row-${row.domain}`,
            onClick: (event: MouseEvent) => {
              if (canSelect && !fromControl(event)) toggle(row.domain);
            },
          }) as HTMLAttributes<HTMLElement>
        }
        columns={[
          { key: 'domain', title: t('domains.domain'), dataIndex: 'domain' },
          {
            key: 'description',
            title: t('domains.description'),
            render: (_, row) => <TextOrDash value={row.description} />,
          },
          {
            key: 'cname',
            title: t('domains.cname'),
            render: (_, row) => <Typography.Text copyable>{row.cnameto}</Typography.Text>,
          },
          {
            key: 'status',
            title: t('domains.status'),
            render: (_, row) => <LineStatusTag status={row.status} testId={`domain-status-${row.domain}`} />,
          },
        ]}
        data-testid="domains-table"
      />
      {adding ? <DomainAddModal line={line} count={count} max={max} onClose={() => setAdding(false)} /> : null}
      {editing ? (
        <DomainsEditModal
          line={line}
          domains={chosen}
          onClose={(saved) => {
            setEditing(false);
            if (saved) setSelected([]);
          }}
        />
      ) : null}
    </Card>
  );
}
