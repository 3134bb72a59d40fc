import { RID_COLORS, RID_POSITIONS, type HtmlPage, type RidColor, type RidPosition } from '@parapet/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLogModal } from '@/components/audit-log/audit-log-modal';
import { useColumnSelector } from '@/components/column-selector';
import { ChooseGroupAlert, ItemListToolbar, useItemList } from '@/components/item-list';
import { FilterSelect } from '@/components/list-filters';
import { PageTitle } from '@/components/page-title';
import { useHtmlPages, type HtmlPageFilters } from '../api/list-html-pages';
import { htmlPagePreviewUrl } from '../api/preview-html-page';
import { HtmlPageFormModal } from './html-page-form-modal';
import { HtmlPagesTable, OPTIONAL_HTML_PAGE_COLUMNS } from './html-pages-table';
import { HtmlPreviewModal } from './html-preview-modal';

/** /html: the selected group's error and deny pages; create, edit, preview, delete and each one's log. */
export function HtmlPagesPage() {
  const { t } = useTranslation('htmlPages');
  const list = useItemList<HtmlPageFilters>('htmlPages');
  const { groupName, canWrite, filters, setFilters } = list;
  const { data, isFetching } = useHtmlPages(list.query);
  const columns = useColumnSelector('html', OPTIONAL_HTML_PAGE_COLUMNS, (key) => t(`fields.${key}`));

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
      <PageTitle
        action={
          canWrite ? { label: t('create'), onClick: () => setCreating(true), testId: 'html-page-create' } : undefined
        }
      >
        {t('title')}
      </PageTitle>
      {groupName ? (
        <>
          <ItemListToolbar
            list={list}
            search={{ placeholder: t('search'), ariaLabel: t('search'), testId: 'html-pages-search' }}
            columns={columns}
            extraFilters={
              <>
                <FilterSelect<RidPosition>
                  label={t('fields.ridPosition')}
                  value={filters.ridPosition}
                  options={RID_POSITIONS.map((p) => ({ value: p, label: t(`ridPosition.${p}`) }))}
                  onChange={(ridPosition) => setFilters({ ...filters, ridPosition })}
                  testId="filter-rid-position"
                />
                <FilterSelect<RidColor>
                  label={t('fields.ridColor')}
                  value={filters.ridColor}
                  options={RID_COLORS.map((c) => ({ value: c, label: t(`ridColor.${c}`) }))}
                  onChange={(ridColor) => setFilters({ ...filters, ridColor })}
                  testId="filter-rid-color"
                />
              </>
            }
          />
          <HtmlPagesTable
            data={data}
            loading={isFetching}
            {...list.paging}
            onPage={list.setPaging}
            visible={columns.value}
            canWrite={canWrite}
            onPreview={onPreview}
            onEdit={onEdit}
            onLog={onLog}
          />
          <HtmlPageFormModal groupName={groupName} open={creating} onClose={() => setCreating(false)} />
          {edited ? (
            <HtmlPageFormModal groupName={groupName} page={edited} open onClose={() => setEditing(undefined)} />
          ) : null}
          <HtmlPreviewModal
            src={previewOf ? htmlPagePreviewUrl(previewOf.id) : undefined}
            title={previewOf ? t('preview.title', { name: previewOf.htmlPageName }) : ''}
            onClose={() => setPreviewOf(undefined)}
          />
          <AuditLogModal
            entity="html-page"
            item={logOf}
            title={logOf && t('logTitle', { name: logOf.htmlPageName })}
            onClose={() => setLogOf(undefined)}
          />
        </>
      ) : (
        <ChooseGroupAlert title={t('chooseGroup')} testId="html-pages-choose-group" />
      )}
    </>
  );
}
