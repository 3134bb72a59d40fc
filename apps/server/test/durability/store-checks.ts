import { existsSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import BetterSqlite3 from 'better-sqlite3';

/**
 * Checks made while the server is down, on the files it left: SQLite's own integrity check,
 * the deploy tasks it left open, and DuckDB opening the event file and counting the batches.
 */
export interface DownChecks {
  sqliteIntegrity: string;
  /** Tasks queued or running at the kill: they must end after the restart. */
  openTasks: { taskNo: string; state: string }[];
  duckdbOk: boolean;
  duckdbError?: string;
  /** Stored events per batch key (`c<seed>-<cycle>-<n>`). */
  batchCounts: Map<string, number>;
}

export async function checkStoresWhileDown(dataDir: string, seed: number): Promise<DownChecks> {
  // Read-only: the check must not repair or checkpoint what the kill left.
  const sqlite = new BetterSqlite3(path.join(dataDir, 'parapet.db'), { readonly: true, fileMustExist: true });
  let sqliteIntegrity: string;
  let openTasks: DownChecks['openTasks'];
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    sqliteIntegrity = rows.map((row) => row.integrity_check).join('; ');
    openTasks = (
      sqlite.prepare("select task_no, state from deploy_tasks where state in ('queued', 'running')").all() as {
        task_no: string;
        state: string;
      }[]
    ).map((row) => ({ taskNo: row.task_no, state: row.state }));
  } finally {
    sqlite.close();
  }
  const batchCounts = new Map<string, number>();
  const file = path.join(dataDir, 'events.duckdb');
  if (!existsSync(file)) return { sqliteIntegrity, openTasks, duckdbOk: true, batchCounts };
  try {
    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    try {
      await connection.run('PRAGMA database_size');
      const reader = await connection.runAndReadAll(
        `select regexp_replace(req_id, '-[0-9]+$', '') as batch, count(*)::INTEGER as n
         from events where req_id like 'c${seed}-%' group by batch`,
      );
      for (const [batch, n] of reader.getRows()) batchCounts.set(String(batch), Number(n));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    return { sqliteIntegrity, openTasks, duckdbOk: true, batchCounts };
  } catch (error) {
    const duckdbError = error instanceof Error ? error.message : String(error);
    return { sqliteIntegrity, openTasks, duckdbOk: false, duckdbError, batchCounts };
  }
}
