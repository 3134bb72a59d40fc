import type { ReadPoolLimits } from './read-pool.js';

/*
 * The embedded store's defaults, apart from duckdb-store.ts so that env.ts reads them without
 * loading DuckDB's native module.
 */

/**
 * DuckDB's memory ceiling for this store (env DUCKDB_MEMORY_LIMIT). Its default is 80% of the
 * machine's memory; the server must stay under 1 GB (issue 13 item 7). DuckDB keeps the blocks
 * it read and wrote up to this ceiling, so a busy server's RSS climbs with the events table
 * until the ceiling, and stays there: the bound, not a leak. At 512 MB the soak's server was
 * still climbing after 10 minutes of 500 events/s and peaked at 798 MB; at 256 MB the same
 * reads took as long over that much data and RSS levelled off within minutes (docs/soak.md,
 * "Memory"). The analytics benchmark's 10M-event figures were taken at 512 MB
 * (docs/analytics-bench.md); a store of that size may be given more here.
 */
export const DUCKDB_MEMORY_LIMIT = '256MB';

/**
 * Read connections beside the writing one (env DUCKDB_READERS). DuckDB runs each connection's
 * statements one at a time and each query on all its threads; two readers let a short query
 * (the event log's page) pass a long one (a day's series) on a 2-core machine, and more would
 * only split the same cores further while each holds its own query memory.
 */
export const DUCKDB_READERS = 2;

/**
 * The read queue's bounds (env DUCKDB_READ_QUEUE, DUCKDB_READ_WAIT_MS): past them a read is
 * answered 503 EVENT_STORE_BUSY. The wait is the bound that matters: 10 s is about as long as
 * the console's user waits for a chart before giving up on it. The length only bounds a flood's
 * memory: a dashboard tab asks six reads at once, and a first cap of 16 refused a burst of 100
 * event-log pages at once that the two readers answer within a second (`npm run bench`, 100
 * connections: p99 0.9 s before the cap). 256 reads of 20–100 ms drain in about the 10 s.
 */
export const DUCKDB_READ_LIMITS: ReadPoolLimits = { maxWaiting: 256, maxWaitMs: 10_000 };
