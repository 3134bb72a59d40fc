import type { StoredEvent } from '@parapet/shared';

/** The fields the log can show as columns, in table order. */
export const EVENT_LOG_COLUMNS = [
  'req_id',
  'server_name',
  'timestamp',
  'action',
  'type',
  'rule',
  'reason',
  'client_ip',
  'country',
  'isp',
  'proxy_type',
  'method',
  'scheme',
  'host',
  'server_port',
  'uri',
  'args',
  'request_url',
  'server_protocol',
  'req_headers',
  'user_agent',
  'status',
  'upstream_status',
  'request_time',
  'upstream_response_time',
  'bytes_sent',
  'cache_status',
  'origin_host_resolve',
  'customer_package',
] as const satisfies readonly (keyof StoredEvent)[];
export type EventLogColumn = (typeof EVENT_LOG_COLUMNS)[number];

/** GLOSSARY §7 default columns (with the snapshot's mis-keyed Action and Request Headers put right). */
export const DEFAULT_EVENT_LOG_COLUMNS: readonly EventLogColumn[] = [
  'req_id',
  'server_name',
  'timestamp',
  'action',
  'type',
  'reason',
  'client_ip',
  'country',
  'isp',
  'req_headers',
  'upstream_response_time',
];

/** Every field the detail drawer lists, in the order of the record. */
export const EVENT_DETAIL_FIELDS = [
  ...EVENT_LOG_COLUMNS,
  'group_name',
] as const satisfies readonly (keyof StoredEvent)[];
