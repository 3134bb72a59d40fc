import type { DuckDBConnection } from '@duckdb/node-api';
import { EventReadAbortedError } from './event-store.js';

/**
 * Runs `work`'s statements on `connection`, interrupting the one running when `signal` aborts:
 * DuckDB then rejects it within milliseconds and the connection answers the next read as before
 * (its transaction still rolls back). Without this, a Deep Search count over 3 days nobody waits
 * for any more held a read connection for 1–2 s (docs/event-log.md).
 */
export async function interruptible<T>(
  connection: DuckDBConnection,
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!signal) return work();
  if (signal.aborted) throw new EventReadAbortedError();
  const stop = () => connection.interrupt();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await work();
  } catch (error) {
    throw signal.aborted ? new EventReadAbortedError() : error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
