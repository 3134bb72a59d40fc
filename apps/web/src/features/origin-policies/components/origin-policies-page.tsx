import { ALL_GROUPS, can, type OriginPolicy } from '@parapet/shared';
import { Alert, Input, Modal, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/components/audit-log/audit-log';
import { ColumnSelector, useSelectedColumns } from '@/components/column-selector';
import { PageTitle } from '@/components/page-title';
import { ListFilters } from '@/components/list-filters';
import { DEFAULT_PAGE_SIZE } from '@/components/table-pagination';
import { isApiError } from '@/lib/api-client';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { useOriginPolicies, type OriginPolicyFilters } from '../api/list-origin-policies';
import { OriginPoliciesTable } from './origin-policies-table';
import { OPTIONAL_ORIGIN_POLICY_COLUMNS } from './origin-policy-columns';
import { OriginPolicyFormModal } from './origin-policy-form-modal';

/** /origin_policy: the selected group's origin policies with live origin health; create, edit, delete, log. */
export function OriginPoliciesPage() {
  const { t } = useTranslation('originPolicies');
  const { t: te } = useTranslation('errors');
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWrite = user !== undefined && groupName !== undefined && can(user, groupName, { permission: 'originPolicy', access: 'write' });

  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<OriginPolicyFilters>({});
  const onFilters = (next: OriginPolicyFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const { data, isFetching, error } = useOriginPolicies(groupName ? { groupName, search, ...paging, filters } : undefined);

  const [visible, setVisible] = useSelectedColumns('origin', OPTIONAL_ORIGIN_POLICY_COLUMNS);
  const columnOptions = useMemo(() => OPTIONAL_ORIGIN_POLICY_COLUMNS.map((key) => ({ key, label: t(`fields.${key}`) })), [t]);

  const [creating, setCreating] = useState(false);
  // The policy as it was when the form opened: the form's values and the version it saves
  // over come from the same read. Live health refetches the list all the time; a newer
  // version saved by someone else then answers VERSION_CONFLICT instead of being overwritten.
  const [editing, setEditing] = useState<OriginPolicy>();
  const [logOf, setLogOf] = useState<OriginPolicy>();
  const onEdit = useCallback((p: OriginPolicy) => setEditing(p), []);
  const onLog = useCallback((p: OriginPolicy) => setLogOf(p), []);

  return (
    <>
      <PageTitle action={canWrite ? { label: t('create'), onClick: () => setCreating(true), testId: 'origin-policy-create' } : undefined}>{t('title')}</PageTitle>
      {groupName ? (
        <>
          <Space style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }} wrap>
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('search')}
                aria-label={t('search')}
                style={{ width: 320 }}
                onSearch={(value) => {
                  setSearch(value);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                data-testid="origin-policies-search"
              />
              <ListFilters value={filters} onChange={onFilters} />
            </Space>
            <ColumnSelector options={columnOptions} value={visible} onChange={setVisible} />
          </Space>
          {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={te(isApiError(error) ? error.code : 'INTERNAL')} data-testid="origin-policies-error" /> : null}
          <OriginPoliciesTable
            policies={data?.items}
            total={data?.total ?? 0}
            loading={isFetching}
            page={paging.page}
            pageSize={paging.pageSize}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
            visible={visible}
            canWrite={canWrite}
            onEdit={onEdit}
            onLog={onLog}
          />
          <OriginPolicyFormModal groupName={groupName} open={creating} onClose={() => setCreating(false)} />
          {editing ? <OriginPolicyFormModal groupName={groupName} policy={editing} open onClose={() => setEditing(undefined)} /> : null}
          <Modal open={logOf !== undefined} title={logOf ? t('logTitle', { name: logOf.policyName }) : ''} footer={null} onCancel={() => setLogOf(undefined)} destroyOnHidden width={720}>
            {logOf ? <AuditLog entity="origin-policy" entityId={logOf.id} groupName={logOf.groupName} /> : null}
          </Modal>
        </>
      ) : (
        <Alert type="info" showIcon title={t('chooseGroup')} data-testid="origin-policies-choose-group" />
      )}
    </>
  );
}
