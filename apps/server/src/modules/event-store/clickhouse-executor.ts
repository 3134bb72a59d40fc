import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The three things the ClickHouse store asks of a database. The store builds every statement
 * and its parameters; an executor only carries them, so the same SQL runs on a server through
 * @clickhouse/client in production and on embedded chdb in tests.
 *
 * Values travel as ClickHouse query parameters: the SQL names them `{name:Type}` and the
 * server parses each value as that type, so no value is ever part of the SQL text.
 */

export type ClickHouseParamValue = string | number | readonly string[];
export type ClickHouseParams = Readonly<Record<string, ClickHouseParamValue>>;
export type ClickHouseRow = Record<string, unknown>;

export interface ClickHouseInsert {
  table: string;
  columns: readonly string[];
  /** One JSONEachRow object per row, keyed by column. */
  rows: readonly ClickHouseRow[];
  settings: Readonly<Record<string, number>>;
}

export interface ClickHouseExecutor {
  /** A statement that answers no rows (DDL, DELETE). */
  command(sql: string, params: ClickHouseParams): Promise<void>;
  /**
   * A query's rows, read as JSONEachRow. 64-bit integers may come back as strings. A `signal`
   * that aborts cancels the query where the executor can.
   */
  rows(sql: string, params: ClickHouseParams, signal?: AbortSignal): Promise<ClickHouseRow[]>;
  /** One INSERT statement carrying every row. */
  insert(insert: ClickHouseInsert): Promise<void>;
  close(): Promise<void>;
}

/** The production executor: a ClickHouse server over HTTP. */
export class ClickHouseClientExecutor implements ClickHouseExecutor {
  constructor(private readonly client: ClickHouseClient) {}

  async command(sql: string, params: ClickHouseParams): Promise<void> {
    await this.client.command({ query: sql, query_params: params });
  }

  async rows(sql: string, params: ClickHouseParams, signal?: AbortSignal): Promise<ClickHouseRow[]> {
    const result = await this.client.query({
      query: sql,
      query_params: params,
      format: 'JSONEachRow',
      ...(signal ? { abort_signal: signal } : {}),
    });
    return result.json<ClickHouseRow>();
  }

  async insert(insert: ClickHouseInsert): Promise<void> {
    const [first, ...rest] = insert.columns;
    if (first === undefined) throw new TypeError('an insert names its columns');
    await this.client.insert({
      table: insert.table,
      columns: [first, ...rest],
      values: [...insert.rows],
      format: 'JSONEachRow',
      clickhouse_settings: insert.settings,
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
