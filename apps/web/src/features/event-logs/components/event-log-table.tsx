import { EyeOutlined } from '@ant-design/icons';
import type { StoredEvent } from '@parapet/shared';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventLogColumn } from './event-log-columns';
import { useEventFormat } from './use-event-format';

interface EventLogTableProps {
  rows: StoredEvent[];
  /** The search failed: its message is shown above, so the table claims no empty range. */
  failed?: boolean;
  loading: boolean;
  visible: readonly string[];
  onOpen: (event: StoredEvent) => void;
  onHeaders: (event: StoredEvent) => void;
}

/** The events of one page; the req_id opens the event, the eye of Request Headers its headers. */
export function EventLogTable({ rows, failed = false, loading, visible, onOpen, onHeaders }: EventLogTableProps) {
  const { t } = useTranslation('events');
  const format = useEventFormat();
  const columns = useMemo<TableColumnsType<StoredEvent>>(
    () =>
      (visible as EventLogColumn[]).map((field) => ({
        key: field,
        title: t(`fields.${field}`),
        ellipsis: field === 'uri' || field === 'request_url' || field === 'user_agent' || field === 'reason',
        render: (_: unknown, event: StoredEvent) => {
          if (field === 'req_id')
            return (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                aria-label={t('log.viewDetail', { reqId: event.req_id })}
                onClick={() => onOpen(event)}
                data-testid={`event-open-${event.req_id}`}
              >
                {event.req_id}
              </Button>
            );
          if (field === 'req_headers')
            return (
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('log.showHeaders')}
                title={t('log.showHeaders')}
                onClick={() => onHeaders(event)}
                data-testid={`event-headers-${event.req_id}`}
              />
            );
          return format(field, event);
        },
      })),
    [visible, t, format, onOpen, onHeaders],
  );
  return (
    <Table<StoredEvent>
      size="small"
      rowKey={(event) => `${event.req_id}@${event.timestamp}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: failed ? ' ' : t('log.empty') }}
      data-testid="event-log-table"
    />
  );
}
