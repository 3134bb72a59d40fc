import { ALL_GROUPS, can, CERT_EXPIRY_FILTERS, CERT_EXPIRY_WARNING_DAYS, type Cert, type CertExpiryFilter } from '@parapet/shared';
import { Alert, Input, Modal, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/components/audit-log/audit-log';
import { ColumnSelector, useSelectedColumns } from '@/components/column-selector';
import { FilterSelect, ListFilters } from '@/components/list-filters';
import { PageTitle } from '@/components/page-title';
import { DEFAULT_PAGE_SIZE } from '@/components/table-pagination';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { useCerts, type CertFilters } from '../api/list-certs';
import { CertFormModal } from './cert-form-modal';
import { CertsTable, OPTIONAL_CERT_COLUMNS } from './certs-table';

/** /certs: the selected group's certificates; upload, replace, delete and each one's log. */
export function CertsPage() {
  const { t } = useTranslation('certs');
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWrite = user !== undefined && groupName !== undefined && can(user, groupName, { permission: 'certificates', access: 'write' });

  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<CertFilters>({});
  const onFilters = (next: CertFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const { data, isFetching } = useCerts(groupName ? { groupName, search, ...paging, filters } : undefined);

  const [visible, setVisible] = useSelectedColumns('cert', OPTIONAL_CERT_COLUMNS);
  const columnOptions = useMemo(() => OPTIONAL_CERT_COLUMNS.map((key) => ({ key, label: t(`fields.${key}`) })), [t]);

  const [uploading, setUploading] = useState(false);
  // By id, so the replace form always carries the latest version the list holds.
  const [editing, setEditing] = useState<string>();
  const edited = data?.items.find((c) => c.id === editing);
  const [logOf, setLogOf] = useState<Cert>();
  const onEdit = useCallback((c: Cert) => setEditing(c.id), []);
  const onLog = useCallback((c: Cert) => setLogOf(c), []);

  return (
    <>
      <PageTitle action={canWrite ? { label: t('upload'), onClick: () => setUploading(true), testId: 'cert-upload' } : undefined}>{t('title')}</PageTitle>
      {groupName ? (
        <>
          <Space style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 16 }} wrap>
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('search')}
                style={{ width: 320 }}
                onSearch={(value) => {
                  setSearch(value);
                  setPaging((p) => ({ ...p, page: 1 }));
                }}
                data-testid="certs-search"
              />
              <ListFilters
                value={filters}
                onChange={onFilters}
                extra={
                  <FilterSelect<CertExpiryFilter>
                    label={t('expiryFilter.label')}
                    value={filters.expiry}
                    options={CERT_EXPIRY_FILTERS.map((e) => ({ value: e, label: t(`expiryFilter.${e}`, { days: CERT_EXPIRY_WARNING_DAYS }) }))}
                    onChange={(expiry) => onFilters({ ...filters, expiry })}
                    testId="filter-expiry"
                  />
                }
              />
            </Space>
            <ColumnSelector options={columnOptions} value={visible} onChange={setVisible} />
          </Space>
          <CertsTable
            certs={data?.items}
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
          <CertFormModal groupName={groupName} open={uploading} onClose={() => setUploading(false)} />
          {edited ? <CertFormModal groupName={groupName} cert={edited} open onClose={() => setEditing(undefined)} /> : null}
          <Modal open={logOf !== undefined} title={logOf ? t('logTitle', { name: logOf.keypairname }) : ''} footer={null} onCancel={() => setLogOf(undefined)} destroyOnHidden width={720}>
            {logOf ? <AuditLog entity="cert" entityId={logOf.id} groupName={logOf.groupName} /> : null}
          </Modal>
        </>
      ) : (
        <Alert type="info" showIcon title={t('chooseGroup')} data-testid="certs-choose-group" />
      )}
    </>
  );
}
