import { SafetyOutlined } from '@ant-design/icons';
import type { StoredEvent } from '@parapet/shared';
import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENT_DETAIL_FIELDS } from './event-log-columns';
import { EventHeadersTable } from './event-headers';
import { useEventFormat } from './use-event-format';

interface EventDetailDrawerProps {
  event: StoredEvent | undefined;
  onClose: () => void;
  /** Opens the rule form drafted from this event; absent when the user may not write rules. */
  onCreateRule?: (event: StoredEvent) => void;
}

/** Every field of one event, then its request headers. */
export function EventDetailDrawer({ event, onClose, onCreateRule }: EventDetailDrawerProps) {
  const { t } = useTranslation('events');
  // Read in full: the time to the millisecond, as the CSV has it.
  const format = useEventFormat({ ms: true });
  return (
    <Drawer
      open={event !== undefined}
      onClose={onClose}
      size="large"
      title={event && t('log.detail', { reqId: event.req_id })}
      extra={
        event && onCreateRule ? (
          <Button icon={<SafetyOutlined />} onClick={() => onCreateRule(event)} data-testid="event-create-rule">
            {t('log.createRule')}
          </Button>
        ) : null
      }
      data-testid="event-detail"
    >
      {event ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            // A field's name on one line: the Chinese ones broke after two characters.
            styles={{ label: { whiteSpace: 'nowrap' } }}
            items={EVENT_DETAIL_FIELDS.filter((field) => field !== 'req_headers').map((field) => ({
              key: field,
              label: t(`fields.${field}`),
              children: <span data-testid={`event-detail-${field}`}>{format(field, event)}</span>,
            }))}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('fields.req_headers')}
          </Typography.Title>
          <EventHeadersTable headers={event.req_headers} />
        </>
      ) : null}
    </Drawer>
  );
}
