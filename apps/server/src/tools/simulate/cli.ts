import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { planOf, type EventRecord, type StoredEvent } from '@parapet/shared';
import { loadConfig } from '../../env.js';
import { openStore } from '../../db/open-store.js';
import {
  DUCKDB_EVENTS_FILE,
  DUCKDB_ROW_GROUP_ROWS,
  openDuckDbEventStore,
} from '../../modules/event-store/duckdb-store.js';
import type { EventStore } from '../../modules/event-store/event-store.js';
import { loadSimulatedLines, type ControlPlaneLine } from './control-plane.js';
import { IngestTally, postBatch } from './ingest-client.js';
import { runLive } from './live.js';
import {
  parseSimulateOptions,
  SIMULATE_USAGE,
  trafficOptionsOf,
  UsageError,
  type SimulateOptions,
} from './simulate-options.js';
import { stopOnSignals } from './stop-signals.js';
import { createTrafficGenerator, spreadTimestamps, storedEvent, type TrafficGenerator } from './traffic-generator.js';

/**
 * `npm run simulate` (issue 13 item 3; docs/simulator.md): traffic for the lines and rules of the
 * control plane the server uses (same environment: DATA_DIR, DATABASE_URL, PUBLIC_URL), either
 * back-filled over a span or sent live, through the ingest endpoint or, for a back-fill, straight
 * into the embedded store.
 */

const DAY_MS = 86_400_000;
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
): Promise<number> {
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
  if (!tally.nothingStored) return 0;
  log('nothing was stored: the server refused every event (reasons above)');
  return 1;
}

interface GeneratedBatch {
  records: EventRecord[];
  stored: StoredEvent[];
}
const newBatch = (): GeneratedBatch => ({ records: [], stored: [] });

/**
 * A back-fill older than a line's group's plan keeps events: ingest refuses that part, and a
 * `--direct` one is taken away by the next purge.
 */
function warnPastRetention(options: SimulateOptions, lines: readonly ControlPlaneLine[]): void {
  if (options.mode !== 'backfill') return;
  const from = options.end - options.spanMs;
  for (const line of lines) {
    const days = planOf(line.plan).resourceLimits.logRetentionDays;
    if (from < Date.now() - days * DAY_MS && line.domains.length > 0)
      log(
        `${line.groupName}/${line.lineName}: its group's plan keeps ${days} days of events; the older part of the span will be refused or purged`,
      );
  }
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
  // Opening a store that is not there would make an empty one: a mistyped DATA_DIR would then
  // say there are no lines. The embedded control plane is DATA_DIR/parapet.db (db/open-store.ts).
  const controlPlane = join(config.dataDir, 'parapet.db');
  if (!config.databaseUrl && !existsSync(controlPlane)) {
    log(
      `No control plane at ${controlPlane}: is DATA_DIR right? It is read as the server reads it ` +
        '(a relative path from apps/server); start the server once there, or set DATABASE_URL.',
    );
    return 2;
  }
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const lines = await loadSimulatedLines(store.db);
    if (!lines.some((line) => line.domains.length > 0)) {
      log('No service line has a domain yet: create one in the console first, then simulate its traffic.');
      return 1;
    }
    log(
      `${lines.length} lines, ${lines.reduce((n, line) => n + line.rules.length, 0)} rules on them, seed ${options.seed}`,
    );
    warnPastRetention(options, lines);
    const startedAt = Date.now();
    const generator = createTrafficGenerator(trafficOptionsOf(options, lines, startedAt));
    if (options.mode === 'backfill') return await backfill(options, generator, config.dataDir);
    // Live: the control plane stays open, to read the lines and rules again as the run goes.
    const stop = new AbortController();
    const stopListening = stopOnSignals(() => stop.abort(), log);
    try {
      const target = options.target;
      log(`sending ${options.rate} events/s to ${target.url}; Ctrl-C stops`);
      const summary = await runLive({
        rate: options.rate,
        batch: options.batch,
        seed: options.seed,
        generator,
        lines,
        send: (records) => postBatch(target, records),
        reloadLines: () => loadSimulatedLines(store.db),
        signal: stop.signal,
        log,
      });
      log(
        `stopped: ${summary.tally.toString()}${summary.failures ? `, ${summary.failures} batches not sent` : ''}` +
          `, ${summary.behind} events owed at the stop not sent` +
          (summary.unsent ? `, ${summary.unsent} flood requests stamped after the stop not sent` : ''),
      );
      return summary.tally.nothingStored ? 1 : 0;
    } finally {
      stopListening();
    }
  } finally {
    await store.close();
  }
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
