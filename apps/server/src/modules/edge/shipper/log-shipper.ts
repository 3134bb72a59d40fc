import { INGEST_BATCH_MAX_BYTES, INGEST_BATCH_MAX_LINES, type IngestResult } from '@parapet/shared';
import { identityAt, openAtSaved, openLog, positionOf, sameFile, type OpenLog } from './log-file.js';
import { readLineBatch, type LogLine } from './log-reader.js';
import { sendBatch, type IngestTarget } from './send-batch.js';
import { Pauses } from './pauses.js';
import { readShipState, writeShipState, type ShipPosition } from './ship-state.js';

export interface ShipperLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface LogShipperOptions {
  /** The edge's JSON access log: one event record a line. */
  logFile: string;
  /** Where the position is kept between runs (ship-state.ts). */
  stateFile: string;
  /** Full URL of the events endpoint, e.g. http://console:8080/api/ingest/events. */
  ingestUrl: string;
  /** An ingest token (docs/ingest.md, "Tokens"). */
  token: string;
  /** How often the log is looked at for new lines; also the longest a line waits. */
  flushMs?: number;
  /** Backoff between failed sends: doubles from firstMs up to maxMs. */
  retry?: { firstMs: number; maxMs: number };
  requestTimeoutMs?: number;
  /**
   * After a rotation, how long the old file must stay unchanged before the shipper moves to
   * the new one: the new name may exist (logrotate's `create`) before nginx reopens its log.
   */
  rotationQuietMs?: number;
  log?: ShipperLog;
}

export interface LogShipper {
  /** Looks at the log every flushMs and ships what is complete, until stop(). Call once. */
  start(): void;
  /** Ends the loop, sends what is complete (each batch tried once) and closes the log. */
  stop(): Promise<void>;
  /** Sends every complete line now, retrying until acknowledged; answers how many were. */
  shipOnce(): Promise<number>;
}

const DEFAULT_FLUSH_MS = 1000;
const DEFAULT_RETRY = { firstMs: 250, maxMs: 10_000 };
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_ROTATION_QUIET_MS = 1000;
const NEWLINE = Buffer.from('\n');
const LIMITS = { maxLines: INGEST_BATCH_MAX_LINES, maxBytes: INGEST_BATCH_MAX_BYTES };

/**
 * Ships the edge's access log to the console's ingest endpoint (docs/edge-shipper.md): at least
 * once, because the saved position only moves past lines the console acknowledged, and without
 * duplicates in the store, because ingest keeps each req_id once.
 */
export function createLogShipper(options: LogShipperOptions): LogShipper {
  const flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  const retry = options.retry ?? DEFAULT_RETRY;
  const log = options.log ?? { info: (m) => console.info(m), warn: (m) => console.warn(m) };
  const target: IngestTarget = {
    url: options.ingestUrl,
    token: options.token,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  };
  const rotationQuietMs = options.rotationQuietMs ?? DEFAULT_ROTATION_QUIET_MS;
  const pauses = new Pauses();
  let current: OpenLog | undefined;
  // Since when the rotated-away file has had nothing new; undefined while no rotation is seen.
  let quietSince: number | undefined;
  let stopping = false;
  let loop: Promise<void> | undefined;
  // One pass at a time: two would read and acknowledge the same lines.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  const save = (file: OpenLog) => writeShipState(options.stateFile, positionOf(file));

  /** A damaged state file costs a resend from the start, which ingest absorbs, never a stop. */
  async function savedPosition(): Promise<ShipPosition | undefined> {
    try {
      return await readShipState(options.stateFile);
    } catch (error) {
      log.warn(`${options.stateFile} is unreadable (${String(error)}); reading ${options.logFile} from its start`);
      return undefined;
    }
  }

  /** Sends every complete line of every file due, moving through rotations and truncations. */
  async function pass(): Promise<number> {
    current ??= await openAtSaved(options.logFile, await savedPosition(), (message) => log.warn(message));
    let acked = 0;
    while (current) {
      // Looked at before the old file is read to its end, so nothing written to it before the
      // rename is missed.
      const atPath = await identityAt(options.logFile);
      const { size } = await current.handle.stat();
      if (size < current.offset) {
        log.warn(`${current.path} was truncated (${size} < ${current.offset} bytes); reading it from its start`);
        current.offset = 0;
        await save(current);
      }
      const before = current.offset;
      const drained = await drain(current);
      acked += drained.acked;
      if (!drained.complete || !atPath || sameFile(atPath, current)) return acked;
      if (quietSince === undefined || current.offset !== before) quietSince = Date.now();
      if (Date.now() - quietSince < rotationQuietMs) return acked;
      const next = await openLog(options.logFile);
      if (!next) return acked;
      const { size: oldSize } = await current.handle.stat();
      if (oldSize > current.offset) log.warn(`${current.path}: an unfinished last line was left at rotation`);
      log.info(`${options.logFile} was rotated; reading the new file from its start`);
      quietSince = undefined;
      await current.handle.close();
      current = next;
      await save(current);
    }
    return acked;
  }

  /** Sends batches from the file's offset until it holds no complete line (complete) or stop. */
  async function drain(file: OpenLog): Promise<{ acked: number; complete: boolean }> {
    let acked = 0;
    for (;;) {
      const batch = await readLineBatch(file.handle, file.offset, LIMITS);
      if (batch.oversized > 0) {
        log.warn(`${file.path}: ${batch.oversized} line(s) over ${INGEST_BATCH_MAX_BYTES} bytes passed over`);
      }
      if (batch.lines.length > 0 && !(await deliver(file, batch.lines, batch.end))) return { acked, complete: false };
      acked += batch.lines.length;
      if (batch.end === file.offset) return { acked, complete: true };
      file.offset = batch.end;
      await save(file);
    }
  }

  /** Sends lines until acknowledged, splitting on 413; false when stop() cut the retries short. */
  async function deliver(file: OpenLog, lines: LogLine[], end: number): Promise<boolean> {
    const body = Buffer.concat(lines.flatMap((line, i) => (i === 0 ? [line.text] : [NEWLINE, line.text])));
    for (let delay = retry.firstMs; ; delay = Math.min(delay * 2, retry.maxMs)) {
      const outcome = await sendBatch(target, body);
      if (outcome.kind === 'acked') {
        if (outcome.result) report(file, lines, outcome.result);
        return true;
      }
      if (outcome.kind === 'too_large') {
        if (lines.length === 1) {
          log.warn(`${file.path}: the console refused the line ending at byte ${end} as too large; passed over`);
          return true;
        }
        const half = Math.ceil(lines.length / 2);
        const first = lines.slice(0, half);
        if (!(await deliver(file, first, first.at(-1)?.end ?? end))) return false;
        // Saved between halves so a stop or crash does not send the first half again.
        file.offset = first.at(-1)?.end ?? file.offset;
        await save(file);
        return deliver(file, lines.slice(half), end);
      }
      log.warn(`sending ${lines.length} line(s) of ${file.path} failed (${outcome.reason}); retrying in ${delay} ms`);
      if (stopping) return false;
      await pauses.pause(delay);
      if (stopping) return false;
    }
  }

  /** Bad lines cannot be fixed by sending them again: they are logged and passed. */
  function report(file: OpenLog, lines: LogLine[], result: IngestResult): void {
    if (result.rejectedCount > 0) {
      const first = result.rejected[0];
      const line = first ? lines[first.line - 1] : undefined;
      const where = first && line ? `, first at byte ${line.end - line.text.length - 1} (${first.reason})` : '';
      log.warn(`ingest rejected ${result.rejectedCount} of ${lines.length} line(s) of ${file.path}${where}`);
    }
    if (result.unknownServerName > 0) {
      log.warn(`ingest dropped ${result.unknownServerName} record(s) of ${file.path} whose server_name is no line's`);
    }
  }

  async function run(): Promise<void> {
    let delay = retry.firstMs;
    while (!stopping) {
      try {
        await exclusive(pass);
        delay = retry.firstMs;
        await pauses.pause(flushMs);
      } catch (error) {
        log.warn(`log shipper: ${error instanceof Error ? error.message : String(error)}`);
        await pauses.pause(delay);
        delay = Math.min(delay * 2, retry.maxMs);
      }
    }
  }

  return {
    start() {
      loop ??= run();
    },
    async stop() {
      stopping = true;
      pauses.wakeAll();
      await loop;
      await exclusive(async () => {
        try {
          await pass();
        } finally {
          await current?.handle.close();
          current = undefined;
        }
      });
    },
    shipOnce: () => exclusive(pass),
  };
}
