import { EVENT_FILTER_FIELDS, type EventFilterField } from '@parapet/shared';

/**
 * A request id, a query string or a whole URL names one request or nearly; none is a way to cut
 * a chart (each would also read the raw events, not the rollups), so the dashboard does not offer
 * them, in its filter bar or from a link. The event log does.
 */
const ONE_REQUEST_FIELDS: readonly EventFilterField[] = ['req_id', 'args', 'request_url'];

export const DASHBOARD_FILTER_FIELDS: readonly EventFilterField[] = EVENT_FILTER_FIELDS.filter(
  (field) => !ONE_REQUEST_FIELDS.includes(field),
);
