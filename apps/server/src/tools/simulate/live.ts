import { setTimeout as sleep } from 'node:timers/promises';
import type { EventRecord, IngestResult } from '@parapet/shared';
import { IngestTally } from './ingest-client.js';
import { spreadTimestamps, type SimulatedLine, type TrafficGenerator } from './traffic-generator.js';

/**
 * Live traffic (`--rate`; docs/simulator.md): each tick sends what the time since the last tick
 * owes, and every LIVE_RELOAD_MS the lines and rules are read again, so a rule deployed while the
 * run goes on shows in its traffic.
 */

/** How often live traffic is sent. */
export const LIVE_TICK_MS = 1000;
/** How often a live run reads the lines and rules again. */
export const LIVE_RELOAD_MS = 5000;

export interface LiveRun {
  rate: number;
  batch: number;
  seed: number;
  generator: TrafficGenerator;
  /** The lines and rules the generator was made with. */
  lines: readonly SimulatedLine[];
  send(records: EventRecord[]): Promise<IngestResult>;
  /** The lines and rules as they are now. */
  reloadLines(): Promise<SimulatedLine[]>;
  /** Aborted to stop: the tick under way is finished and sent, then the run ends. */
  signal: AbortSignal;
  log(message: string): void;
  tickMs?: number;
  reloadMs?: number;
}

export interface LiveSummary {
  tally: IngestTally;
  failures: number;
  /** Events the time up to the stop owed that were never sent (the server was slower than the rate). */
  behind: number;
  /** Flood requests stamped later in their burst than the stop, never sent. */
  unsent: number;
}

export async function runLive(run: LiveRun): Promise<LiveSummary> {
  const tickMs = run.tickMs ?? LIVE_TICK_MS;
  const reloadMs = run.reloadMs ?? LIVE_RELOAD_MS;
  const tally = new IngestTally();
  let stoppedAt = NaN;
  run.signal.addEventListener('abort', () => (stoppedAt = Date.now()), { once: true });
  let failures = 0;
  let last = Date.now();
  let lastReload = last;
  let shape = JSON.stringify(run.lines);
  // The fraction of an event a tick owes carries to the next, so the rate holds on average.
  let owed = 0;
  // A flood's burst may sit later in its window than the tick that made it: held until its time.
  let later: EventRecord[] = [];
  while (!run.signal.aborted) {
    await sleep(tickMs, undefined, { signal: run.signal }).catch(() => undefined);
    const now = Date.now();
    if (now - lastReload >= reloadMs) {
      lastReload = now;
      shape = await reload(run, shape);
    }
    owed += (run.rate * (now - last)) / 1000;
    const count = Math.floor(owed);
    owed -= count;
    const made = [...spreadTimestamps(count, last, now, run.seed + now)].map((t) => run.generator.next(t).record);
    last = now;
    const records = later.filter((record) => record.timestamp <= now);
    later = later.filter((record) => record.timestamp > now);
    for (const record of made) (record.timestamp <= now ? records : later).push(record);
    for (let i = 0; i < records.length; i += run.batch) {
      try {
        tally.add(await run.send(records.slice(i, i + run.batch)));
      } catch (error) {
        failures += 1;
        run.log(`batch not sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  // Stopped while a tick's batches were still being taken: the time since that tick was owed
  // and never sent. The loop keeps pace by elapsed time, so this is the only way it falls short
  // of the rate, and only when the server takes batches slower than the rate (docs/soak.md).
  const behind = Math.max(0, Math.floor(owed + (run.rate * (stoppedAt - last)) / 1000));
  return { tally, failures, behind, unsent: later.length };
}

/** Reads the lines and rules; a change goes to the generator. Answers what was read, to compare next time. */
async function reload(run: LiveRun, shape: string): Promise<string> {
  try {
    const lines = await run.reloadLines();
    const now = JSON.stringify(lines);
    if (now !== shape) {
      run.generator.update(lines);
      const rules = lines.reduce((n, line) => n + line.rules.length, 0);
      run.log(`lines and rules changed: now ${lines.length} lines, ${rules} rules on them`);
    }
    return now;
  } catch (error) {
    // No line with a domain any more, or the control plane did not answer: go on with the last ones.
    run.log(
      `lines not reloaded, sending to those there were: ${error instanceof Error ? error.message : String(error)}`,
    );
    return shape;
  }
}
