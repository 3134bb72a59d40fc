import type { DashboardActivityRow, TabActivityRequest } from '@parapet/shared';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventValueLabel } from '@/components/event-filters/value-labels';
import { LocalTime } from '@/components/local-time';
import { refusedRangeCode } from '@/components/time-range/time-range';
import { minuteAround } from '@/lib/event-log-link';
import { useDashboardActivity } from '../api/get-dashboard-activity';
import { ChartFailed } from '../charts';
import { filterForValue, toActivityRequest, type CallScope } from '../tab-requests';
import { useClickToFilter } from './use-click-to-filter';
import { useEventLogLink } from './use-event-log-link';

// An address, a rule name or an id broken over two lines reads as two values, so those columns
// and every title (a Chinese one broke a character a line) keep to one line; the reason and the
// request wrap instead.
const WRAPPING = new Set<Key | undefined>(['reason', 'request']);
const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });
// Wide enough that a reason such as "Source IP: 203.0.113.0/24; Request URI: ^/admin" takes two
// lines, not four.
const wrapping = () => ({ style: { minWidth: 180 } });

/**
 * The most recent events a firewall rule acted on; an IP, a rule or an action click filters by
 * it, and a request's id opens that one event in the event log (its headers, its rule draft).
 */
export function ActivityLog({ request, scope }: { request: TabActivityRequest; scope: CallScope | undefined }) {
  const { t, i18n } = useTranslation(['dashboard', 'events']);
  const logLink = useEventLogLink(scope?.groupName);
  const activity = useDashboardActivity(scope && toActivityRequest(scope, request));
  const valueLabel = useEventValueLabel();
  const clickToFilter = useClickToFilter();
  const filterable = (field: 'client_ip' | 'rule' | 'action' | 'country') => (value: string) =>
    value === '' ? (
      valueLabel(field, value)
    ) : (
      // A button, not an anchor without href: that one was not in the tab order, so the keyboard
      // could neither filter from a row nor scroll the table sideways (axe: scrollable-region-focusable).
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto' }}
        onClick={() => clickToFilter(filterForValue(field, value, 'is'))}
      >
        {valueLabel(field, value)}
      </Button>
    );
  const columns: TableColumnsType<DashboardActivityRow> = [
    {
      key: 'timestamp',
      title: t('events:fields.timestamp'),
      dataIndex: 'timestamp',
      render: (value: number) => <LocalTime value={value} language={i18n.language} />,
    },
    { key: 'action', title: t('events:fields.action'), dataIndex: 'action', render: filterable('action') },
    { key: 'rule', title: t('events:fields.rule'), dataIndex: 'rule', render: filterable('rule') },
    {
      key: 'reason',
      title: t('events:fields.reason'),
      dataIndex: 'reason',
      render: (value: string) => valueLabel('reason', value),
    },
    {
      key: 'client_ip',
      title: t('events:fields.client_ip'),
      dataIndex: 'client_ip',
      render: filterable('client_ip'),
    },
    { key: 'country', title: t('events:fields.country'), dataIndex: 'country', render: filterable('country') },
    { key: 'server_name', title: t('events:fields.server_name'), dataIndex: 'server_name' },
    {
      key: 'request',
      title: t('dashboard:widgets.request'),
      render: (_, row) => `${row.method} ${row.uri}`,
    },
    { key: 'status', title: t('events:fields.status'), dataIndex: 'status' },
    {
      key: 'req_id',
      title: t('events:fields.req_id'),
      dataIndex: 'req_id',
      // The minute that holds the event: the log finds it whatever range the dashboard shows.
      render: (reqId: string, row) =>
        logLink ? (
          <Link
            to={logLink({ range: minuteAround(row.timestamp), search: { text: reqId, deep: false } })}
            aria-label={t('events:log.openEvent', { reqId })}
          >
            {reqId}
          </Link>
        ) : (
          reqId
        ),
    },
  ];
  return (
    <Card size="small" title={t('dashboard:widgets.activityLog')} data-testid="dashboard-activity-log">
      {activity.isError ? (
        // An empty table would say "No firewall events", which nobody knows after a failed call.
        <ChartFailed
          language={i18n.language}
          testId="dashboard-activity-log-failed"
          rangeCode={refusedRangeCode(activity.error)}
        />
      ) : (
        <Table<DashboardActivityRow>
          size="small"
          rowKey="req_id"
          loading={activity.isPending && scope !== undefined}
          dataSource={activity.data?.rows ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('dashboard:empty.activity') }}
          columns={columns.map((column) => ({
            ...column,
            onHeaderCell: oneLine,
            onCell: WRAPPING.has(column.key) ? wrapping : oneLine,
          }))}
        />
      )}
    </Card>
  );
}
