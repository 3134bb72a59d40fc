import {
  CSV_BYTE_ORDER_MARK,
  EVENT_ACTION_VALUES,
  EVENT_EXPORT_MAX_ROWS,
  type EventFilter,
  resolveDateRange,
  type EventActionValue,
  type EventExportFormat,
  type EventLogCount,
  type EventLogPage,
  type EventLogQuery,
  type StoredEvent,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { EventQueryError, type EventStore, type SearchQuery } from '../event-store/event-store.js';
import { csvHeader, csvRow } from './event-csv.js';

/** Rows the export reads from the store at a time: big enough to be few queries, small in memory. */
export const EVENT_EXPORT_PAGE_ROWS = 1000;

/**
 * The Action multi-select as store filters, which are ANDed: one code is `is`; several are
 * `is_not` every other value, which is the same set.
 */
export function actionFilters(actions: readonly EventActionValue[] | undefined): EventFilter[] {
  if (!actions || actions.length === EVENT_ACTION_VALUES.length) return [];
  const [only] = actions;
  if (actions.length === 1 && only !== undefined) return [{ field: 'action', op: 'is', value: only }];
  return EVENT_ACTION_VALUES.filter((code) => !actions.includes(code)).map((code) => ({
    field: 'action',
    op: 'is_not',
    value: code,
  }));
}

function storeQuery(query: EventLogQuery, now: number): Omit<SearchQuery, 'limit'> {
  // The store takes the page's filters and the multi-select's together (EVENT_STORE_FILTERS_MAX).
  const filters = [...query.filters, ...actionFilters(query.actions)];
  return {
    groupName: query.groupName,
    ...resolveDateRange(query.dateRange, now),
    filters,
    ...(query.reqId === undefined ? {} : { reqId: query.reqId }),
    ...(query.text === undefined ? {} : { text: query.text }),
  };
}

/** One page of the log; a cursor the store does not know is the caller's mistake (400). */
export async function searchEventLog(
  store: EventStore,
  query: EventLogQuery & { cursor?: string | undefined; limit: number },
  now: number,
  signal?: AbortSignal,
): Promise<EventLogPage> {
  try {
    return await store.search(
      {
        ...storeQuery(query, now),
        limit: query.limit,
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      },
      signal,
    );
  } catch (error) {
    if (error instanceof EventQueryError && query.cursor !== undefined)
      throw new AppError('VALIDATION_FAILED', { cursor: 'invalid_cursor' });
    throw error;
  }
}

/** How many events the log's search pages through, for "of N entries". */
export async function countEventLog(
  store: EventStore,
  query: EventLogQuery,
  now: number,
  signal?: AbortSignal,
): Promise<EventLogCount> {
  return { total: await store.count(storeQuery(query, now), signal) };
}

/**
 * The filtered set as the lines of a file, read page by page through the store's keyset search
 * and stopped at EVENT_EXPORT_MAX_ROWS, so memory holds one page whatever the range holds. The
 * first page is read before anything is sent: a store that fails then still gets an error answer.
 * The range is resolved once, so every page reads the same window.
 */
export async function exportEventLog(
  store: EventStore,
  query: EventLogQuery,
  format: EventExportFormat,
  now: number,
): Promise<AsyncGenerator<string>> {
  const base = storeQuery(query, now);
  const pageRows = (sent: number) => Math.min(EVENT_EXPORT_PAGE_ROWS, EVENT_EXPORT_MAX_ROWS - sent);
  const first = await store.search({ ...base, limit: pageRows(0) });
  const line = format === 'csv' ? csvRow : (event: StoredEvent) => `${JSON.stringify(event)}\n`;

  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield CSV_BYTE_ORDER_MARK + csvHeader();
    let page = first;
    let sent = 0;
    for (;;) {
      // One chunk per page: a write per row would cost more than the rows.
      if (page.rows.length > 0) yield page.rows.map(line).join('');
      sent += page.rows.length;
      if (page.nextCursor === null || sent >= EVENT_EXPORT_MAX_ROWS) return;
      page = await store.search({ ...base, limit: pageRows(sent), cursor: page.nextCursor });
    }
  }
  return lines();
}
