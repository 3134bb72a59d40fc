import type { ServiceLine } from '@parapet/shared';
import { Input, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuditLogModal } from '@/components/audit-log/audit-log-modal';
import { ChooseGroupAlert, useItemList } from '@/components/item-list';
import type { ItemFilters } from '@/components/list-filters';
import { PageTitle } from '@/components/page-title';
import { PATHS } from '@/lib/paths';
import { useResourceLimits } from '@/lib/tenancy/resource-limits';
import { useServiceLines } from '../api/list-service-lines';
import { DeleteLineModal } from './delete-line-modal';
import { PurgeModal } from './purge-modal';
import { ServiceLinesTable } from './service-lines-table';

/** /service-lines: the selected group's lines with their status and CNAME; create, clear cache, delete, log. */
export function ServiceLinesPage() {
  const { t } = useTranslation('serviceLines');
  const navigate = useNavigate();
  const list = useItemList<ItemFilters>('serviceLines');
  const { groupName, canWrite } = list;
  const { data, isFetching } = useServiceLines(list.query && { ...list.query, filters: {} });
  const limits = useResourceLimits(groupName);

  const [purgeOf, setPurgeOf] = useState<ServiceLine>();
  const [deleteOf, setDeleteOf] = useState<ServiceLine>();
  const [logOf, setLogOf] = useState<ServiceLine>();
  const onPurge = useCallback((l: ServiceLine) => setPurgeOf(l), []);
  const onDelete = useCallback((l: ServiceLine) => setDeleteOf(l), []);
  const onLog = useCallback((l: ServiceLine) => setLogOf(l), []);

  const used = limits.data?.usage.maxAppProfileCount;
  const max = limits.data?.plan.resourceLimits.maxAppProfileCount;

  return (
    <>
      <PageTitle
        action={
          canWrite
            ? {
                label: t('create'),
                onClick: () => void navigate(PATHS.serviceLineCreate),
                testId: 'service-line-create',
              }
            : undefined
        }
      >
        {t('title')}
      </PageTitle>
      {groupName ? (
        <>
          <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16 }} wrap>
            <Input.Search
              allowClear
              placeholder={t('search')}
              aria-label={t('search')}
              style={{ width: 320 }}
              onSearch={list.setSearch}
              data-testid="service-lines-search"
            />
            {used !== undefined && max !== undefined ? (
              <Typography.Text type={used >= max ? 'danger' : 'secondary'} data-testid="service-lines-usage">
                {t('usage', { used, max })}
              </Typography.Text>
            ) : null}
          </Space>
          <ServiceLinesTable
            data={data}
            loading={isFetching}
            {...list.paging}
            onPage={list.setPaging}
            canWrite={canWrite}
            onPurge={onPurge}
            onDelete={onDelete}
            onLog={onLog}
          />
          <PurgeModal line={purgeOf} onClose={() => setPurgeOf(undefined)} />
          <DeleteLineModal line={deleteOf} onClose={() => setDeleteOf(undefined)} />
          <AuditLogModal
            entity="service-line"
            item={logOf}
            title={logOf && t('logTitle', { name: logOf.appProfileName })}
            onClose={() => setLogOf(undefined)}
          />
        </>
      ) : (
        <ChooseGroupAlert title={t('chooseGroup')} testId="service-lines-choose-group" />
      )}
    </>
  );
}
