import {
  BIGINT,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  SMALLINT,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { StoredEvent } from '@parapet/shared';
import { EVENT_COLUMNS, type EventColumn } from './duckdb-schema.js';

/**
 * Loading events through the appender a column at a time: one DuckDBDataChunk of up to
 * CHUNK_ROWS rows, each column's values converted in one call. Measured against the row
 * writer (DuckDBDataChunkWriter.appendRow) in docs/analytics-bench.md.
 */

/** DuckDB's vector size: the most rows one chunk holds. */
const CHUNK_ROWS = 2048;

const TYPES: Readonly<Record<string, DuckDBType>> = {
  VARCHAR,
  BIGINT,
  INTEGER,
  SMALLINT,
  DOUBLE,
};

const typeOf = (sql: string): DuckDBType => {
  const type = TYPES[sql.split(' ')[0]!];
  if (!type) throw new Error(`no appender type for ${sql}`);
  return type;
};

const COLUMN_TYPES = EVENT_COLUMNS.map(([, sql]) => typeOf(sql));

/** How one column's JS value becomes the appender's. */
function converter(name: EventColumn): (event: StoredEvent) => DuckDBValue {
  switch (name) {
    case 'timestamp':
    case 'bytes_sent':
      return (event) => BigInt(event[name]);
    case 'req_headers':
      return (event) => JSON.stringify(event.req_headers);
    default:
      return (event) => event[name] as DuckDBValue;
  }
}

const CONVERTERS = EVENT_COLUMNS.map(([name]) => converter(name));

export function appendEvents(appender: DuckDBAppender, events: readonly StoredEvent[]): void {
  for (let start = 0; start < events.length; start += CHUNK_ROWS) {
    const rows = Math.min(CHUNK_ROWS, events.length - start);
    const chunk = DuckDBDataChunk.create(COLUMN_TYPES, rows);
    const values: DuckDBValue[] = new Array<DuckDBValue>(rows);
    for (let column = 0; column < CONVERTERS.length; column++) {
      const convert = CONVERTERS[column]!;
      for (let row = 0; row < rows; row++) values[row] = convert(events[start + row]!);
      chunk.setColumnValues(column, values);
    }
    appender.appendDataChunk(chunk);
  }
}
