import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import type {
  ClickHouseExecutor,
  ClickHouseInsert,
  ClickHouseParams,
  ClickHouseRow,
} from '../../src/modules/event-store/clickhouse-executor.js';

/**
 * The ClickHouse store's executor on embedded chdb (ClickHouse in this process), for tests.
 * Parameters are bound by the engine (`queryBindAsync`), as a server binds them over HTTP.
 */
export class ChdbExecutor implements ClickHouseExecutor {
  constructor(private readonly session: Session) {}

  async command(sql: string, params: ClickHouseParams): Promise<void> {
    await this.session.queryBindAsync(sql, params);
  }

  async rows(sql: string, params: ClickHouseParams): Promise<ClickHouseRow[]> {
    const result = await this.session.queryBindAsync(sql, params, { format: 'JSONEachRow' });
    return result
      .text()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ClickHouseRow);
  }

  async insert(insert: ClickHouseInsert): Promise<void> {
    await this.session.insert({
      table: insert.table,
      columns: insert.columns,
      values: insert.rows.map((row) => JSON.stringify(row)).join('\n'),
      format: 'JSONEachRow',
      settings: insert.settings,
    });
  }

  /** The session outlives the store: the test file closes it once, at its end. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * libchdb holds one data directory per process and takes most of a second to load, so a test
 * file opens one session and every store in it shares that directory.
 */
export interface ChdbHandle {
  dir: string;
  session: Session;
  close(): void;
}

export function openChdb(): ChdbHandle {
  const dir = mkdtempSync(join(tmpdir(), 'chdb-events-'));
  const session = new Session(dir);
  return {
    dir,
    session,
    close: () => {
      session.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
