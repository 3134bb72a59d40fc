import type { OriginPolicy } from '@parapet/shared';
import { Alert } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLogModal } from '@/components/audit-log/audit-log-modal';
import { useColumnSelector } from '@/components/column-selector';
import { ChooseGroupAlert, ItemListToolbar, useItemList } from '@/components/item-list';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/api-client';
import { useOriginPolicies, type OriginPolicyFilters } from '../api/list-origin-policies';
import { OriginPoliciesTable } from './origin-policies-table';
import { OPTIONAL_ORIGIN_POLICY_COLUMNS } from './origin-policy-columns';
import { OriginPolicyFormModal } from './origin-policy-form-modal';

/** /origin_policy: the selected group's origin policies with live origin health; create, edit, delete, log. */
export function OriginPoliciesPage() {
  const { t } = useTranslation('originPolicies');
  const { t: te } = useTranslation('errors');
  const list = useItemList<OriginPolicyFilters>('originPolicy');
  const { groupName, canWrite } = list;
  const { data, isFetching, error } = useOriginPolicies(list.query);
  const columns = useColumnSelector('origin', OPTIONAL_ORIGIN_POLICY_COLUMNS, (key) => t(`fields.${key}`));

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
      <PageTitle
        action={
          canWrite
            ? { label: t('create'), onClick: () => setCreating(true), testId: 'origin-policy-create' }
            : undefined
        }
      >
        {t('title')}
      </PageTitle>
      {groupName ? (
        <>
          <ItemListToolbar
            list={list}
            search={{ placeholder: t('search'), ariaLabel: t('search'), testId: 'origin-policies-search' }}
            columns={columns}
          />
          {error ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={te(isApiError(error) ? error.code : 'INTERNAL')}
              data-testid="origin-policies-error"
            />
          ) : null}
          <OriginPoliciesTable
            data={data}
            loading={isFetching}
            {...list.paging}
            onPage={list.setPaging}
            visible={columns.value}
            canWrite={canWrite}
            onEdit={onEdit}
            onLog={onLog}
          />
          <OriginPolicyFormModal groupName={groupName} open={creating} onClose={() => setCreating(false)} />
          {editing ? (
            <OriginPolicyFormModal groupName={groupName} policy={editing} open onClose={() => setEditing(undefined)} />
          ) : null}
          <AuditLogModal
            entity="origin-policy"
            item={logOf}
            title={logOf && t('logTitle', { name: logOf.policyName })}
            onClose={() => setLogOf(undefined)}
          />
        </>
      ) : (
        <ChooseGroupAlert title={t('chooseGroup')} testId="origin-policies-choose-group" />
      )}
    </>
  );
}
