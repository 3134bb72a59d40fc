import { CloseOutlined } from '@ant-design/icons';
import {
  ALL_GROUPS,
  EVENT_FILTERS_MAX,
  EVENT_LOG_PAGE_SIZE_DEFAULT,
  can,
  type EventLogQuery,
  type StoredEvent,
} from '@parapet/shared';
import { Alert, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useColumnSelector } from '@/components/column-selector';
import { EventFilterBar } from '@/components/event-filters/event-filter-bar';
import { useEventValueLabel } from '@/components/event-filters/value-labels';
import { ChooseGroupAlert } from '@/components/item-list';
import { PageTitle } from '@/components/page-title';
import { LinkRefusedAlert } from '@/components/link-refused-alert';
import { isApiError } from '@/lib/api-client';
import { toFieldErrorCode } from '@/lib/form-errors';
import { PATHS } from '@/lib/paths';
import type { RuleDraftState } from '@/lib/rule-draft';
import { useGroupContext } from '@/lib/tenancy/group-context';
import { useToast } from '@/lib/toast';
import { useEventLogCount } from '../api/count-event-logs';
import { useExportEventLogs } from '../api/export-event-logs';
import { useEventLogPage } from '../api/search-event-logs';
import { DEFAULT_EVENT_LOG_COLUMNS, EVENT_LOG_COLUMNS } from './event-log-columns';
import { EventDetailDrawer } from './event-detail-drawer';
import { EventHeadersModal } from './event-headers';
import { EventLogFilterModal } from './event-log-filter-modal';
import { EventLogPager } from './event-log-pager';
import { EventLogTable } from './event-log-table';
import { EventLogToolbar } from './event-log-toolbar';
import { ruleDraftOf } from './rule-draft-of';
import { useLogView } from './use-log-view';

/** Where the ISP names of ingest come from (@ip-location-db/asn, built on DB-IP's IP to ASN Lite). */
const ISP_DATA_URL = 'https://db-ip.com';

/** /event-logs: the selected group's request events, searched, filtered, paged and exported. */
export function EventLogPage() {
  const { t, i18n } = useTranslation(['events', 'eventFilters', 'nav', 'errors', 'fieldErrors']);
  const toast = useToast();
  const navigate = useNavigate();
  const { user, selected } = useGroupContext();
  const groupName = selected && selected !== ALL_GROUPS ? selected : undefined;
  const canWriteRules =
    user !== undefined &&
    groupName !== undefined &&
    can(user, groupName, { permission: 'firewallRules', access: 'write' });
  const actionLabel = useEventValueLabel();
  // "Deny or Log" / "拒绝或记录": the chip keeps events with any of the chosen actions.
  const anyOf = useMemo(() => new Intl.ListFormat(i18n.language, { type: 'disjunction' }), [i18n.language]);

  // The range, filters, actions and search live in the address (lib/event-log-link.ts).
  const { view, setView, refused, dismissRefused } = useLogView();
  const { range, filters, actions, search } = view;
  const [pageSize, setPageSize] = useState(EVENT_LOG_PAGE_SIZE_DEFAULT);
  // The cursor of every page after the first that was opened; Previous drops the last one.
  const [paging, setPaging] = useState<{ of: string; cursors: string[] }>({ of: '', cursors: [] });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [detail, setDetail] = useState<StoredEvent>();
  const [headersOf, setHeadersOf] = useState<StoredEvent>();
  const columns = useColumnSelector(
    'eventLog',
    EVENT_LOG_COLUMNS,
    (key) => t(`events:fields.${key}`),
    DEFAULT_EVENT_LOG_COLUMNS,
  );
  const exportEvents = useExportEventLogs();

  const query: EventLogQuery | undefined = useMemo(
    () =>
      groupName === undefined
        ? undefined
        : {
            groupName,
            dateRange: range,
            filters,
            ...(actions.length > 0 ? { actions } : {}),
            ...(search.text === '' ? {} : search.deep ? { text: search.text } : { reqId: search.text }),
          },
    [groupName, range, filters, actions, search],
  );
  // Any change of what is asked starts again from the first page.
  const asked = JSON.stringify([query, pageSize]);
  const cursors = paging.of === asked ? paging.cursors : [];
  const cursor = cursors.at(-1);
  const { data, isFetching, error } = useEventLogPage(
    query && { ...query, limit: pageSize, ...(cursor === undefined ? {} : { cursor }) },
  );
  const count = useEventLogCount(query);

  const onOpen = useCallback((event: StoredEvent) => setDetail(event), []);
  const onHeaders = useCallback((event: StoredEvent) => setHeadersOf(event), []);
  const createRule = (event: StoredEvent) => {
    const state: RuleDraftState = {
      ruleDraft: ruleDraftOf(event, t('events:log.ruleDescription', { reqId: event.req_id })),
    };
    void navigate(
      { pathname: PATHS.firewallRules, search: `?groupName=${encodeURIComponent(event.group_name)}` },
      { state },
    );
  };
  const fieldProblems = isApiError(error) && error.fields ? Object.values(error.fields) : [];

  return (
    <>
      <PageTitle>{t('nav:menu.eventLogs')}</PageTitle>
      {groupName && query ? (
        <>
          <LinkRefusedAlert parts={refused} onClose={dismissRefused} testId="event-log-link-refused" />
          <EventLogToolbar
            groupName={groupName}
            range={range}
            onRange={(next) => setView({ range: next })}
            search={search}
            onSearch={(next) => setView({ search: next })}
            onFilters={() => setFiltersOpen(true)}
            columns={columns}
            exporting={exportEvents.isPending}
            onExport={(format) => exportEvents.mutate({ ...query, format }, { onError: (e) => toast.apiError(e) })}
          />
          {/* A row of its own: inline, the chips ran on from the Export button with no gap. */}
          <Space wrap size={[4, 8]} style={{ display: 'flex', marginBottom: 12 }}>
            {actions.length > 0 ? (
              <Tag
                color="blue"
                closable
                closeIcon={
                  <CloseOutlined
                    aria-label={t('eventFilters:remove', { name: t('events:fields.action') })}
                    data-testid="event-log-actions-remove"
                  />
                }
                onClose={() => setView({ actions: [] })}
                data-testid="event-log-actions-chip"
              >
                {t('events:chip.is', {
                  label: t('events:fields.action'),
                  value: anyOf.format(actions.map((code) => actionLabel('action', code))),
                })}
              </Tag>
            ) : null}
            <EventFilterBar
              filters={filters}
              onChange={(next) => setView({ filters: next })}
              max={EVENT_FILTERS_MAX}
              suggestionScope={{ groupName, dateRange: range, filters }}
            />
          </Space>
          {error ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={t(`errors:${isApiError(error) ? error.code : 'INTERNAL'}`)}
              description={
                fieldProblems.length > 0
                  ? fieldProblems.map((code) => t(`fieldErrors:${toFieldErrorCode(code)}`)).join(' ')
                  : undefined
              }
              data-testid="event-log-error"
            />
          ) : null}
          <EventLogTable
            rows={data?.rows ?? []}
            failed={Boolean(error)}
            loading={isFetching}
            visible={columns.value}
            onOpen={onOpen}
            onHeaders={onHeaders}
          />
          <EventLogPager
            pageIndex={cursors.length}
            pageSize={pageSize}
            rowCount={data?.rows.length ?? 0}
            hasNext={Boolean(data?.nextCursor)}
            total={count.data?.total}
            onPrevious={() => setPaging({ of: asked, cursors: cursors.slice(0, -1) })}
            onNext={() => data?.nextCursor && setPaging({ of: asked, cursors: [...cursors, data.nextCursor] })}
            onPageSize={setPageSize}
          />
          {/* DB-IP's licence asks a page that shows its results to link to it (docs/traffic.md, "ISPs"). */}
          <Typography.Paragraph
            type="secondary"
            style={{ marginTop: 8, fontSize: 12 }}
            data-testid="event-log-isp-credit"
          >
            <Typography.Link href={ISP_DATA_URL} target="_blank" rel="noopener noreferrer">
              {t('events:log.ispCredit')}
            </Typography.Link>
          </Typography.Paragraph>
          <EventLogFilterModal
            open={filtersOpen}
            filters={filters}
            actions={actions}
            onApply={(nextFilters, nextActions) => {
              setView({ filters: nextFilters, actions: nextActions });
              setFiltersOpen(false);
            }}
            onClose={() => setFiltersOpen(false)}
          />
          <EventDetailDrawer
            event={detail}
            onClose={() => setDetail(undefined)}
            {...(canWriteRules ? { onCreateRule: createRule } : {})}
          />
          <EventHeadersModal event={headersOf} onClose={() => setHeadersOf(undefined)} />
        </>
      ) : (
        <ChooseGroupAlert title={t('events:log.chooseGroup')} testId="event-log-choose-group" />
      )}
    </>
  );
}
