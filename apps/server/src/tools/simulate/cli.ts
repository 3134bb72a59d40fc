import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventRecord, StoredEvent } from '@parapet/shared';
import { loadConfig } from '../../env.js';
import { openStore } from '../../db/open-store.js';
import {
  DUCKDB_EVENTS_FILE,
  DUCKDB_ROW_GROUP_ROWS,
  openDuckDbEventStore,
} from '../../modules/event-store/duckdb-store.js';
import type { EventStore } from '../../modules/event-store/event-store.js';
import { loadSimulatedLines } from './control-plane.js';
import { IngestTally, postBatch } from './ingest-client.js';
import {
  parseSimulateOptions,
  SIMULATE_USAGE,
  UsageError,
  type IngestTarget,
  type SimulateOptions,
} from './simulate-options.js';
import { createTrafficGenerator, spreadTimestamps, storedEvent, type TrafficGenerator } from './traffic-generator.js';

/**
 * `npm run simulate` (issue 13 item 3; docs/simulator.md): traffic for the lines and rules of the
 * control plane the server uses (same environment: DATA_DIR, DATABASE_URL, PUBLIC_URL), either
 * back-filled over a span or sent live, through the ingest endpoint or, for a back-fill, straight
 * into the embedded store.
 */

/** How often live traffic is sent. */
const LIVE_TICK_MS = 1000;
const PROGRESS_EVERY_MS = 5000;
/** Batches in flight at once through ingest: one being stored while the next is built and sent. */
const IN_FLIGHT = 2;

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

async function openDirectStore(dataDir: string): Promise<EventStore> {
  const file = join(dataDir, DUCKDB_EVENTS_FILE);
  try {
    return await openDuckDbEventStore(file);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // DuckDB lets one process write a file; the running server holds it once it has touched events.
    if (/lock/i.test(message)) {
      throw new Error(
        `${file} is in use by another process (${message}). Stop the server for a --direct back-fill, or send through ingest instead.`,
        { cause: error },
      );
    }
    throw error;
  }
}

async function backfill(
  options: Extract<SimulateOptions, { mode: 'backfill' }>,
  generator: TrafficGenerator,
  dataDir: string,
): Promise<void> {
  const from = options.end - options.spanMs;
  if (options.target.kind === 'direct' && options.batch < DUCKDB_ROW_GROUP_ROWS) {
    log(`batches under ${DUCKDB_ROW_GROUP_ROWS} events go through DuckDB's write-ahead log and load slower`);
  }
  const direct = options.target.kind === 'direct' ? await openDirectStore(dataDir) : undefined;
  const ingest = options.target.kind === 'ingest' ? options.target : undefined;
  const tally = new IngestTally();
  const started = performance.now();
  let made = 0;
  let lastProgress = started;
  const inFlight = new Set<Promise<void>>();
  const send = async (batch: GeneratedBatch): Promise<void> => {
    if (direct) {
      const result = await direct.insert(batch.stored);
      tally.add({
        accepted: result.inserted,
        duplicates: result.duplicates,
        unknownServerName: 0,
        rejected: [],
        rejectedCount: 0,
      });
    } else tally.add(await postBatch(ingest!, batch.records));
  };
  try {
    let batch = newBatch();
    for (const timestamp of spreadTimestamps(options.events, from, options.end, options.seed)) {
      const event = generator.next(timestamp);
      if (direct) batch.stored.push(storedEvent(event));
      else batch.records.push(event.record);
      made += 1;
      if (made % options.batch !== 0 && made !== options.events) continue;
      const work = send(batch);
      inFlight.add(work);
      void work.then(
        () => inFlight.delete(work),
        () => undefined,
      );
      batch = newBatch();
      // With the store in this process, one batch at a time: DuckDB runs inserts one by one anyway.
      while (inFlight.size >= (direct ? 1 : IN_FLIGHT)) await Promise.race(inFlight);
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now;
        log(`${made} of ${options.events} events, ${Math.round(made / ((now - started) / 1000))}/s`);
      }
    }
    await Promise.all(inFlight);
  } finally {
    await direct?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  log(`${made} events in ${seconds.toFixed(1)} s (${Math.round(made / seconds)}/s): ${tally.toString()}`);
}

interface GeneratedBatch {
  records: EventRecord[];
  stored: StoredEvent[];
}
const newBatch = (): GeneratedBatch => ({ records: [], stored: [] });

async function live(options: Extract<SimulateOptions, { mode: 'live' }>, generator: TrafficGenerator): Promise<void> {
  const target: IngestTarget = options.target;
  const stop = new AbortController();
  let stoppedAt = NaN;
  const onSignal = (): void => {
    stoppedAt = Date.now();
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const tally = new IngestTally();
  let failures = 0;
  let last = Date.now();
  // The fraction of an event a tick owes carries to the next, so the rate holds on average.
  let owed = 0;
  log(`sending ${options.rate} events/s to ${target.url}; Ctrl-C stops`);
  while (!stop.signal.aborted) {
    await sleep(LIVE_TICK_MS, undefined, { signal: stop.signal }).catch(() => undefined);
    const now = Date.now();
    owed += (options.rate * (now - last)) / 1000;
    const count = Math.floor(owed);
    owed -= count;
    const records = [...spreadTimestamps(count, last, now, options.seed + now)].map((t) => generator.next(t).record);
    last = now;
    for (let i = 0; i < records.length; i += options.batch) {
      try {
        tally.add(await postBatch(target, records.slice(i, i + options.batch)));
      } catch (error) {
        failures += 1;
        log(`batch not sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  // Stopped while a tick's batches were still being taken: the time since that tick was owed
  // and never sent. The loop keeps pace by elapsed time, so this is the only way it falls short
  // of the rate, and only when the server takes batches slower than the rate (docs/soak.md).
  const behind = Math.max(0, Math.floor(owed + (options.rate * (stoppedAt - last)) / 1000));
  log(
    `stopped: ${tally.toString()}${failures ? `, ${failures} batches not sent` : ''}` +
      `, ${behind} events owed at the stop not sent`,
  );
}

async function main(): Promise<number> {
  const config = loadConfig();
  let options: SimulateOptions;
  try {
    // The ingest token is the simulator's own setting, not the server's, so env.ts does not hold it.
    // eslint-disable-next-line no-restricted-syntax
    options = parseSimulateOptions(process.argv.slice(2), process.env, {
      publicUrl: config.publicUrl,
      now: Date.now(),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`${error.message}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const lines = await loadSimulatedLines(store.db).finally(() => store.close());
  if (!lines.some((line) => line.domains.length > 0)) {
    log('No service line has a domain yet: create one in the console first, then simulate its traffic.');
    return 1;
  }
  log(
    `${lines.length} lines, ${lines.reduce((n, line) => n + line.rules.length, 0)} rules on them, seed ${options.seed}`,
  );
  const generator = createTrafficGenerator({ seed: options.seed, lines });
  if (options.mode === 'backfill') await backfill(options, generator, config.dataDir);
  else await live(options, generator);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
