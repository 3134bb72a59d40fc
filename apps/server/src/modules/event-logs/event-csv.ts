import { EVENT_EXPORT_COLUMNS, type StoredEvent } from '@parapet/shared';

/**
 * CSV of exported events (RFC 4180: comma-separated, CRLF line ends, a cell quoted when it holds
 * a comma, a quote, a line break or edge spaces, quotes doubled).
 */

/**
 * Spreadsheets run a cell that starts with one of these as a formula; a logged URI or header is
 * chosen by whoever sent the request, so such a cell is written as text with a leading quote
 * (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A lone '-' (the cache status of a response that was not cacheable) is no formula.
  const text = value !== '-' && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export const csvHeader = (): string => csvLine(EVENT_EXPORT_COLUMNS);

/** One event as a CSV line: the timestamp as ISO 8601 UTC for people, the headers as JSON text. */
export function csvRow(event: StoredEvent): string {
  return csvLine(
    EVENT_EXPORT_COLUMNS.map((column) => {
      if (column === 'timestamp') return new Date(event.timestamp).toISOString();
      if (column === 'req_headers') return JSON.stringify(event.req_headers);
      return event[column];
    }),
  );
}
