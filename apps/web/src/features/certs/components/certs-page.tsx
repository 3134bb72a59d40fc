import { CERT_EXPIRY_FILTERS, CERT_EXPIRY_WARNING_DAYS, type Cert, type CertExpiryFilter } from '@parapet/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLogModal } from '@/components/audit-log/audit-log-modal';
import { useColumnSelector } from '@/components/column-selector';
import { ChooseGroupAlert, ItemListToolbar, useItemList } from '@/components/item-list';
import { FilterSelect } from '@/components/list-filters';
import { PageTitle } from '@/components/page-title';
import { useCerts, type CertFilters } from '../api/list-certs';
import { CertFormModal } from './cert-form-modal';
import { CertsTable, OPTIONAL_CERT_COLUMNS } from './certs-table';

/** /certs: the selected group's certificates; upload, replace, delete and each one's log. */
export function CertsPage() {
  const { t } = useTranslation('certs');
  const list = useItemList<CertFilters>('certificates');
  const { groupName, canWrite, filters, setFilters } = list;
  const { data, isFetching } = useCerts(list.query);
  const columns = useColumnSelector('cert', OPTIONAL_CERT_COLUMNS, (key) => t(`fields.${key}`));

  const [uploading, setUploading] = useState(false);
  // By id, so the replace form always carries the latest version the list holds.
  const [editing, setEditing] = useState<string>();
  const edited = data?.items.find((c) => c.id === editing);
  const [logOf, setLogOf] = useState<Cert>();
  const onEdit = useCallback((c: Cert) => setEditing(c.id), []);
  const onLog = useCallback((c: Cert) => setLogOf(c), []);

  return (
    <>
      <PageTitle
        action={canWrite ? { label: t('upload'), onClick: () => setUploading(true), testId: 'cert-upload' } : undefined}
      >
        {t('title')}
      </PageTitle>
      {groupName ? (
        <>
          <ItemListToolbar
            list={list}
            search={{ placeholder: t('search'), ariaLabel: t('search'), testId: 'certs-search' }}
            columns={columns}
            extraFilters={
              <FilterSelect<CertExpiryFilter>
                label={t('expiryFilter.label')}
                value={filters.expiry}
                options={CERT_EXPIRY_FILTERS.map((e) => ({
                  value: e,
                  label: t(`expiryFilter.${e}`, { days: CERT_EXPIRY_WARNING_DAYS }),
                }))}
                onChange={(expiry) => setFilters({ ...filters, expiry })}
                testId="filter-expiry"
              />
            }
          />
          <CertsTable
            data={data}
            loading={isFetching}
            {...list.paging}
            onPage={list.setPaging}
            visible={columns.value}
            canWrite={canWrite}
            onEdit={onEdit}
            onLog={onLog}
          />
          <CertFormModal groupName={groupName} open={uploading} onClose={() => setUploading(false)} />
          {edited ? (
            <CertFormModal groupName={groupName} cert={edited} open onClose={() => setEditing(undefined)} />
          ) : null}
          <AuditLogModal
            entity="cert"
            item={logOf}
            title={logOf && t('logTitle', { name: logOf.keypairname })}
            onClose={() => setLogOf(undefined)}
          />
        </>
      ) : (
        <ChooseGroupAlert title={t('chooseGroup')} testId="certs-choose-group" />
      )}
    </>
  );
}
