import {
  BIGINT,
  DOUBLE,
  DuckDBDataChunk,
  INTEGER,
  LIST,
  listValue,
  SMALLINT,
  UBIGINT,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type { StoredEvent } from '@parapet/shared';
import { ADDRESS_KEY_COLUMNS, addressKey, type AddressKeyColumn } from './duckdb-address.js';
import { storedClientAddress } from './event-store.js';
import { headerField } from './duckdb-filters.js';
import { eachThenComma, onlyCondition, type Rollup, type RollupColumn } from './duckdb-rollups.js';
import {
  DICTIONARY_COLUMNS,
  EVENT_COLUMNS,
  EVENTS_STAGING_TABLE,
  HEADER_COLUMNS,
  type EventColumn,
  type HeaderColumn,
} from './duckdb-schema.js';

/**
 * Loading a batch through the appender (docs/analytics-bench.md). What costs is handing each
 * JS value to DuckDB: a text value is one native call and one UTF-8 copy. So each text column
 * but `req_id` goes as an INTEGER code into a dictionary of the batch's distinct values of that
 * column, which DuckDB decodes by indexing that list, handed over once a batch as a session
 * variable (setDictionaries): a batch of 200k events has a few thousand distinct values in most
 * columns, not 200k. Codes and numbers fill a DuckDBDataChunk a column at a time.
 */

/** DuckDB's vector size: the most rows one chunk holds. */
const CHUNK_ROWS = 2048;

const TYPES: Readonly<Record<string, DuckDBType>> = { VARCHAR, BIGINT, INTEGER, SMALLINT, DOUBLE };

const typeOf = (name: EventColumn, sql: string): DuckDBType => {
  if (DICTIONARY_COLUMNS.has(name)) return INTEGER;
  const type = TYPES[sql.split(' ')[0]!];
  if (!type) throw new Error(`no appender type for ${sql}`);
  return type;
};

/** The event columns as coded, then which batch of those loaded together the row came from. */
const STAGING_TYPES = [...EVENT_COLUMNS.map(([name, sql]) => typeOf(name, sql)), INTEGER];

/** A column's value as it is handed over (text is coded afterwards). */
function reader(name: EventColumn): (event: StoredEvent) => DuckDBValue {
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

const READERS = EVENT_COLUMNS.map(([name]) => reader(name));
const CODED = EVENT_COLUMNS.map(([name]) => DICTIONARY_COLUMNS.has(name));

/** Each coded column's distinct values, in code order (code 0 is the first). */
export type Dictionaries = Map<EventColumn, string[]>;

/**
 * Appends batches to the staging table, each row with its batch's index (STAGING_PART_COLUMN);
 * answers the dictionaries their codes index.
 */
export function appendEvents(appender: DuckDBAppender, batches: readonly (readonly StoredEvent[])[]): Dictionaries {
  const codes = EVENT_COLUMNS.map(() => new Map<unknown, number>());
  const values: DuckDBValue[] = [];
  for (let part = 0; part < batches.length; part++) {
    const events = batches[part]!;
    for (let start = 0; start < events.length; start += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, events.length - start);
      const chunk = DuckDBDataChunk.create(STAGING_TYPES, rows);
      values.length = rows;
      for (let column = 0; column < READERS.length; column++) {
        const read = READERS[column]!;
        if (CODED[column]) {
          const dictionary = codes[column]!;
          for (let row = 0; row < rows; row++) {
            const value = read(events[start + row]!);
            // A missing value stays NULL, so the table's NOT NULL refuses the batch.
            if (value === null || value === undefined) {
              values[row] = null;
              continue;
            }
            let code = dictionary.get(value);
            if (code === undefined) {
              code = dictionary.size;
              dictionary.set(value, code);
            }
            values[row] = code;
          }
        } else {
          for (let row = 0; row < rows; row++) values[row] = read(events[start + row]!) ?? null;
        }
        chunk.setColumnValues(column, values);
      }
      values.fill(part);
      chunk.setColumnValues(READERS.length, values);
      appender.appendDataChunk(chunk);
    }
  }
  const dictionaries: Dictionaries = new Map();
  EVENT_COLUMNS.forEach(([name], column) => {
    if (CODED[column]) dictionaries.set(name, [...codes[column]!.keys()] as string[]);
  });
  return dictionaries;
}

/**
 * The batch's dictionaries reach DuckDB once, as session variables, and every statement of the
 * batch reads them with `getvariable`, which binds them as constants. Bound as a parameter of
 * each statement instead, the 41k client addresses of a batch were converted again for every
 * rollup that reads them: 45 ms of a 60 ms statement.
 */
const codesVariable = (name: EventColumn): string => `parapet_codes_${name}`;
const headerVariable = (name: HeaderColumn): string => `parapet_header_${name}`;
const addressVariable = (name: AddressKeyColumn): string => `parapet_${name}`;

/**
 * Hands the batch's dictionaries to the connection, with the header columns of each headers value
 * and the number of each client address. The addresses are stored in their canonical spelling:
 * ingest sends them so (toStoredEvent), and a caller that did not is put right here, since the
 * number stands for that spelling alone.
 */
export async function setDictionaries(connection: DuckDBConnection, dictionaries: Dictionaries): Promise<void> {
  const addresses = dictionaries.get('client_ip');
  if (addresses) {
    for (let code = 0; code < addresses.length; code++) addresses[code] = storedClientAddress(addresses[code]);
    const keys = addresses.map((address) => addressKey(address)!);
    for (const [half, name] of ADDRESS_KEY_COLUMNS.entries()) {
      const values = keys.map((key) => key[half]!);
      await connection.run(`SET VARIABLE ${addressVariable(name)} = $1`, [listValue(values)], [LIST(UBIGINT)]);
    }
  }
  for (const [name, values] of dictionaries) {
    await connection.run(`SET VARIABLE ${codesVariable(name)} = $1`, [listValue(values)], [LIST(VARCHAR)]);
  }
  // Read out of the JSON once per distinct headers value, not once per row.
  for (const name of HEADER_COLUMNS) {
    await connection.run(
      `SET VARIABLE ${headerVariable(name)} = list_transform(getvariable('${codesVariable('req_headers')}'), h -> ${headerField(name, 'h')})`,
    );
  }
}

/** Lets go of the batch's dictionaries. */
export async function resetDictionaries(connection: DuckDBConnection, dictionaries: Dictionaries): Promise<void> {
  for (const name of dictionaries.keys()) await connection.run(`RESET VARIABLE ${codesVariable(name)}`);
  for (const name of HEADER_COLUMNS) await connection.run(`RESET VARIABLE ${headerVariable(name)}`);
  if (dictionaries.has('client_ip')) {
    for (const name of ADDRESS_KEY_COLUMNS) await connection.run(`RESET VARIABLE ${addressVariable(name)}`);
  }
}

/** A staging column as its value: a coded one looked up in its dictionary (lists index from 1). */
export function decoded(name: EventColumn, dictionaries: Dictionaries): string {
  if (!dictionaries.has(name)) return `s."${name}"`;
  return `getvariable('${codesVariable(name)}')[s."${name}" + 1]`;
}

/** A header column of a staging row, from its headers' code. */
const decodedHeader = (name: HeaderColumn): string => `getvariable('${headerVariable(name)}')[s."req_headers" + 1]`;

/** A half of a staging row's address number, from its address's code. */
const decodedAddress = (name: AddressKeyColumn): string => `getvariable('${addressVariable(name)}')[s."client_ip" + 1]`;

/** The staging table's rows decoded, as the events table's columns, for an INSERT ... SELECT. */
export function decodedStaging(dictionaries: Dictionaries): string {
  const columns = [
    ...EVENT_COLUMNS.map(([name]) => `${decoded(name, dictionaries)} AS "${name}"`),
    ...HEADER_COLUMNS.map((name) => `${decodedHeader(name)} AS "${name}"`),
    ...ADDRESS_KEY_COLUMNS.map((name) => `${decodedAddress(name)} AS "${name}"`),
  ];
  return `SELECT ${columns.join(', ')} FROM ${EVENTS_STAGING_TABLE} s`;
}

/** A rollup's `only` filter on the staging table: a coded column compared by its code. */
function stagingOnly(rollup: Rollup, dictionaries: Dictionaries): string {
  if (!rollup.only) return 'TRUE';
  const dictionary = dictionaries.get(rollup.only.field as EventColumn);
  if (!dictionary) return onlyCondition(rollup);
  const code = dictionary.indexOf(String(rollup.only.value));
  return code < 0 ? 'FALSE' : `"${rollup.only.field}" = ${code}`;
}

/**
 * A rollup's sums of the staging table's rows: grouped on the codes first, so only the groups'
 * values are decoded.
 */
export function stagingRollupSelect(rollup: Rollup, dictionaries: Dictionaries): string {
  const sources = [...new Set<EventColumn>(rollup.columns.map(stagingSource))];
  const grouped = `SELECT "group_name", ("timestamp" // ${rollup.grainMs}) * ${rollup.grainMs} AS "timestamp",
    ${eachThenComma(sources.map((name) => `"${name}"`))}count(*) AS "requests", sum("bytes_sent")::DOUBLE AS "bytes" FROM ${EVENTS_STAGING_TABLE}
    WHERE ${stagingOnly(rollup, dictionaries)} GROUP BY ALL`;
  const values = rollup.columns.map((name) => `${stagingValue(name, dictionaries)} AS "${name}"`);
  return `SELECT "group_name", "timestamp", ${eachThenComma(rollup.columns.map((name) => `"${name}"`))}sum("requests")::BIGINT AS "requests", sum("bytes")::DOUBLE AS "bytes"
    FROM (SELECT ${decoded('group_name', dictionaries)} AS "group_name", ${eachThenComma(values)}s."timestamp", s."requests", s."bytes" FROM (${grouped}) s) GROUP BY ALL`;
}

/**
 * The staging column a rollup column is read from: a header field from the headers, an address's
 * number from the address.
 */
function stagingSource(name: RollupColumn): EventColumn {
  if (name === 'referer' || name === 'content_type') return 'req_headers';
  if (name === 'client_ip_hi' || name === 'client_ip_lo') return 'client_ip';
  return name;
}

function stagingValue(name: RollupColumn, dictionaries: Dictionaries): string {
  if (name === 'referer' || name === 'content_type') return decodedHeader(name);
  if (name === 'client_ip_hi' || name === 'client_ip_lo') return decodedAddress(name);
  return decoded(name, dictionaries);
}
