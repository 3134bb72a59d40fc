import { ALL_GROUPS, can, RID_COLORS, RID_POSITIONS, type HtmlPage, type RidColor, type RidPosition } from '@parapet/shared';
import { Alert, Input, Modal, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/components/audit-log/audit-log';
import { ColumnSelector, useSelectedColumns } from '@/components/column-selector';
import { FilterSelect, ListFilters } from '@/components/list-filters';
import { PageTitle } from '@/components/page-title';
import { DEFAULT_PAGE_SIZE } from '@/components/table-pagination';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { useHtmlPages, type HtmlPageFilters } from '../api/list-html-pages';
import { htmlPagePreviewUrl } from '../api/preview-html-page';
import { HtmlPageFormModal } from './html-page-form-modal';
import { HtmlPagesTable, OPTIONAL_HTML_PAGE_COLUMNS } from './html-pages-table';
import { HtmlPreviewModal } from './html-preview-modal';

/** /html: the selected group's error and deny pages; create, edit, preview, delete and each one's log. */
export function HtmlPagesPage() {
  const { t } = useTranslation('htmlPages');
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWrite = user !== undefined && groupName !== undefined && can(user, groupName, { permission: 'htmlPages', access: 'write' });

  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<HtmlPageFilters>({});
  const onFilters = (next: HtmlPageFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const { data, isFetching } = useHtmlPages(groupName ? { groupName, search, ...paging, filters } : undefined);

  const [visible, setVisible] = useSelectedColumns('html', OPTIONAL_HTML_PAGE_COLUMNS);
  const columnOptions = useMemo(() => OPTIONAL_HTML_PAGE_COLUMNS.map((key) => ({ key, label: t(`fields.${key}`) })), [t]);

  const [creating, setCreating] = useState(false);
  // By id, so the edit form always carries the latest version the list holds.
  const [editing, setEditing] = useState<string>();
  const edited = data?.items.find((p) => p.id === editing);
  const [previewOf, setPreviewOf] = useState<HtmlPage>();
  const [logOf, setLogOf] = useState<HtmlPage>();
  const onEdit = useCallback((p: HtmlPage) => setEditing(p.id), []);
  const onPreview = useCallback((p: HtmlPage) => setPreviewOf(p), []);
  const onLog = useCallback((p: HtmlPage) => setLogOf(p), []);

  return (
    <>
      <PageTitle action={canWrite ? { label: t('create'), onClick: () => setCreating(true), testId: 'html-page-create' } : undefined}>{t('title')}</PageTitle>
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
                data-testid="html-pages-search"
              />
              <ListFilters
                value={filters}
                onChange={onFilters}
                extra={
                  <>
                    <FilterSelect<RidPosition>
                      label={t('fields.ridPosition')}
                      value={filters.ridPosition}
                      options={RID_POSITIONS.map((p) => ({ value: p, label: t(`ridPosition.${p}`) }))}
                      onChange={(ridPosition) => onFilters({ ...filters, ridPosition })}
                      testId="filter-rid-position"
                    />
                    <FilterSelect<RidColor>
                      label={t('fields.ridColor')}
                      value={filters.ridColor}
                      options={RID_COLORS.map((c) => ({ value: c, label: t(`ridColor.${c}`) }))}
                      onChange={(ridColor) => onFilters({ ...filters, ridColor })}
                      testId="filter-rid-color"
                    />
                  </>
                }
              />
            </Space>
            <ColumnSelector options={columnOptions} value={visible} onChange={setVisible} />
          </Space>
          <HtmlPagesTable
            pages={data?.items}
            total={data?.total ?? 0}
            loading={isFetching}
            page={paging.page}
            pageSize={paging.pageSize}
            onPage={(page, pageSize) => setPaging({ page, pageSize })}
            visible={visible}
            canWrite={canWrite}
            onPreview={onPreview}
            onEdit={onEdit}
            onLog={onLog}
          />
          <HtmlPageFormModal groupName={groupName} open={creating} onClose={() => setCreating(false)} />
          {edited ? <HtmlPageFormModal groupName={groupName} page={edited} open onClose={() => setEditing(undefined)} /> : null}
          <HtmlPreviewModal
            src={previewOf ? htmlPagePreviewUrl(previewOf.id) : undefined}
            title={previewOf ? t('preview.title', { name: previewOf.htmlPageName }) : ''}
            onClose={() => setPreviewOf(undefined)}
          />
          <Modal open={logOf !== undefined} title={logOf ? t('logTitle', { name: logOf.htmlPageName }) : ''} footer={null} onCancel={() => setLogOf(undefined)} destroyOnHidden width={720}>
            {logOf ? <AuditLog entity="html-page" entityId={logOf.id} groupName={logOf.groupName} /> : null}
          </Modal>
        </>
      ) : (
        <Alert type="info" showIcon title={t('chooseGroup')} data-testid="html-pages-choose-group" />
      )}
    </>
  );
}
