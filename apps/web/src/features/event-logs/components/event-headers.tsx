import type { StoredEvent } from '@parapet/shared';
import { Empty, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** The request headers of an event as a name/value table, in the order they were logged. */
export function EventHeadersTable({ headers }: { headers: StoredEvent['req_headers'] }) {
  const { t } = useTranslation('events');
  const rows = Object.entries(headers).map(([name, value]) => ({ name, value }));
  if (rows.length === 0) return <Empty description={t('log.noHeaders')} />;
  return (
    <Table
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('log.headerName'), width: '35%' },
        { key: 'value', dataIndex: 'value', title: t('log.headerValue'), render: (v: string) => <code>{v}</code> },
      ]}
      data-testid="event-headers"
    />
  );
}

/** What the eye icon of the Request Headers column opens. */
export function EventHeadersModal({ event, onClose }: { event: StoredEvent | undefined; onClose: () => void }) {
  const { t } = useTranslation('events');
  return (
    <Modal
      open={event !== undefined}
      title={event && t('log.headersTitle', { reqId: event.req_id })}
      onCancel={onClose}
      footer={null}
      width={720}
    >
      {event ? <EventHeadersTable headers={event.req_headers} /> : null}
    </Modal>
  );
}
