import {
  CSV_BYTE_ORDER_MARK,
  EVENT_EXPORT_MEDIA_TYPES,
  EVENT_LOG_API,
  eventExportFileName,
  type EventExportFormat,
  type EventLogExport,
} from '@parapet/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/event-logs/export → the filtered set as the file's text. The client reads an answer
 * as JSON when it parses, which an NDJSON file of one event does: that one value is written
 * back as its line.
 */
export async function exportEventLogs(body: EventLogExport): Promise<string> {
  const data = await api.post<unknown>(EVENT_LOG_API.exportEvents, body);
  if (typeof data === 'string') return data;
  return data === undefined ? '' : `${JSON.stringify(data)}\n`;
}

/** Saves text as a file through the browser's download. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Fetches the export and downloads it as `event_log.csv` or `event_log.ndjson`. */
export function useExportEventLogs() {
  return useMutation({
    mutationFn: async (body: EventLogExport & { format: EventExportFormat }) => {
      const text = await exportEventLogs(body);
      const file = body.format === 'csv' && !text.startsWith(CSV_BYTE_ORDER_MARK) ? CSV_BYTE_ORDER_MARK + text : text;
      download(eventExportFileName(body.format), file, EVENT_EXPORT_MEDIA_TYPES[body.format]);
      return text;
    },
  });
}
