import { parseArgs } from 'node:util';
import { INGEST_BATCH_MAX_LINES, ingestTimeBounds } from '@parapet/shared';
import { DUCKDB_ROW_GROUP_ROWS } from '../../modules/event-store/duckdb-store.js';
import type { SimulatedLine, TrafficOptions } from './traffic-generator.js';

/** The command line of `npm run simulate` (docs/simulator.md), checked before anything runs. */

export class UsageError extends Error {
  override name = 'UsageError';
}

export const DEFAULT_BATCH = 5000;
/**
 * Straight into the store, a batch above DuckDB's row group size is written into the file once
 * instead of through the write-ahead log (DUCKDB_ROW_GROUP_ROWS; docs/analytics-bench.md). Two
 * whole row groups: a batch of 150k (one row group and part of another) spent about 30% of its
 * insert in COMMIT, checkpointing the part; batches of exactly two spent about 5%.
 */
export const DEFAULT_DIRECT_BATCH = 2 * DUCKDB_ROW_GROUP_ROWS;
/** The largest direct batch: it is held in memory whole while it is made. */
export const MAX_DIRECT_BATCH = 1_000_000;

export const SIMULATE_USAGE = `Usage:
  npm run simulate -- --events N [--span 3d] [--end TIME] [--seed S] [--direct | --url URL --token T]
  npm run simulate -- --rate R [--seed S] [--url URL --token T]

  --events N    back-fill N events spread over the span that ends at --end (default now)
  --span D      how far back the back-fill reaches: 90s, 30m, 6h, 3d (default 1d); no further
                back than ingest keeps events (the longest plan retention)
  --end TIME    the back-fill's end, ISO 8601 or epoch ms, not in the future (default now);
                with --seed, the same end and span give the same events
  --rate R      live traffic: R events a second until Ctrl-C or SIGTERM
  --seed S      a whole number; the same seed and the same lines and rules give the same events
  --url URL     the console to post to (default PUBLIC_URL)
  --token T     an ingest token (default the INGEST_TOKEN variable)
  --direct      back-fill straight into DATA_DIR/events.duckdb; the server must be stopped
  --batch N     records per batch (default ${DEFAULT_BATCH}, at most ${INGEST_BATCH_MAX_LINES};
                with --direct ${DEFAULT_DIRECT_BATCH}, at most ${MAX_DIRECT_BATCH})`;

export const DEFAULT_SPAN_MS = 86_400_000;
/** The most events one back-fill makes: far past the benchmark's 10M, short of a runaway typo. */
export const MAX_EVENTS = 1_000_000_000;
/** The most live events a second; above it a single sender cannot keep up anyway. */
export const MAX_RATE = 100_000;

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * How far a back-fill's end may be ahead of this machine's clock: the two clocks may differ a
 * little. Further ahead is a mistake (events stamped in the future), refused before anything is sent.
 */
export const END_CLOCK_SKEW_MS = 5 * 60_000;

/** The furthest back ingest takes an event at `now` (the longest plan retention), as days. */
const keptDays = (now: number): number => Math.round((now - ingestTimeBounds(now).earliest) / UNIT_MS['d']!);

export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) throw new UsageError(`--span must be a whole number with s, m, h or d (like 3d), not "${text}"`);
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  if (!Number.isSafeInteger(ms)) throw new UsageError(`--span is too long: "${text}"`);
  if (ms <= 0) throw new UsageError(`--span must be longer than zero, not "${text}"`);
  return ms;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name} must be a whole number, not "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, not ${text}`);
  return value;
}

function parseEnd(text: string): number {
  const value = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new UsageError(`--end must be ISO 8601 or epoch ms, not "${text}"`);
  return value;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The back-fill's times against what ingest takes (`ingestTimeBounds`, the same bounds for
 * `--direct`): not after now (give or take END_CLOCK_SKEW_MS), not before the longest retention.
 */
function checkBackfillTimes(end: number, spanMs: number, endText: string | undefined, now: number): void {
  if (end > now + END_CLOCK_SKEW_MS) {
    throw new UsageError(
      `--end ${endText} is ${iso(end)}, in the future: a back-fill ends at now or before (default now)`,
    );
  }
  const { earliest } = ingestTimeBounds(now);
  if (end <= earliest) {
    // Seconds where milliseconds belong land in 1970.
    const seconds =
      endText !== undefined && /^\d+$/.test(endText) && end * 1000 > earliest ? ' (seconds? give epoch ms)' : '';
    throw new UsageError(
      `--end ${endText} is ${iso(end)}${seconds}, older than the ${keptDays(now)} days ingest keeps events (since ${iso(earliest)})`,
    );
  }
  if (end - spanMs < earliest) {
    throw new UsageError(
      `--span reaches back to ${iso(end - spanMs)}, past the ${keptDays(now)} days ingest keeps events (since ${iso(earliest)}): give a shorter --span or a later --end`,
    );
  }
}

export type SimulateOptions = {
  seed: number;
  batch: number;
} & (
  | { mode: 'backfill'; events: number; spanMs: number; end: number; target: Target }
  | { mode: 'live'; rate: number; target: IngestTarget }
);

export interface IngestTarget {
  kind: 'ingest';
  url: string;
  token: string;
}
export type Target = IngestTarget | { kind: 'direct' };

export function parseSimulateOptions(
  argv: readonly string[],
  env: { INGEST_TOKEN?: string | undefined },
  defaults: { publicUrl: string; now: number },
): SimulateOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        events: { type: 'string' },
        span: { type: 'string' },
        end: { type: 'string' },
        rate: { type: 'string' },
        seed: { type: 'string' },
        url: { type: 'string' },
        token: { type: 'string' },
        direct: { type: 'boolean' },
        batch: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if ((values.events === undefined) === (values.rate === undefined)) {
    throw new UsageError('give exactly one of --events (back-fill) and --rate (live traffic)');
  }
  const seed = values.seed === undefined ? 1 : wholeNumber('seed', values.seed, 0, 2 ** 32 - 1);
  const batch =
    values.batch !== undefined
      ? wholeNumber('batch', values.batch, 1, values.direct ? MAX_DIRECT_BATCH : INGEST_BATCH_MAX_LINES)
      : values.direct
        ? DEFAULT_DIRECT_BATCH
        : DEFAULT_BATCH;
  const ingest = (): IngestTarget => {
    const token = values.token ?? env.INGEST_TOKEN;
    if (!token)
      throw new UsageError('an ingest token is needed: --token or INGEST_TOKEN (or --direct for a back-fill)');
    const url = (values.url ?? defaults.publicUrl).replace(/\/+$/, '');
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new UsageError(`--url must be an http(s) URL, not "${url}"`);
    }
    return { kind: 'ingest', url, token };
  };
  if (values.rate !== undefined) {
    if (values.direct)
      throw new UsageError('--direct is for a back-fill: live traffic goes through the running server');
    for (const name of ['span', 'end'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} is for a back-fill, not with --rate`);
    }
    return { mode: 'live', seed, batch, rate: wholeNumber('rate', values.rate, 1, MAX_RATE), target: ingest() };
  }
  if (values.direct && (values.url !== undefined || values.token !== undefined)) {
    throw new UsageError('--direct writes the store itself: leave out --url and --token');
  }
  const spanMs = values.span === undefined ? DEFAULT_SPAN_MS : parseDuration(values.span);
  const end = values.end === undefined ? defaults.now : parseEnd(values.end);
  checkBackfillTimes(end, spanMs, values.end, defaults.now);
  return {
    mode: 'backfill',
    seed,
    batch,
    events: wholeNumber('events', values.events!, 1, MAX_EVENTS),
    spanMs,
    end,
    target: values.direct ? { kind: 'direct' } : ingest(),
  };
}

/**
 * What the generator needs of the run: its req_ids are salted with the back-fill's end and span
 * (a live run's start), so another end gives other ids and the same end the same ones; its
 * events a second size the floods' bursts.
 */
export function trafficOptionsOf(
  options: SimulateOptions,
  lines: readonly SimulatedLine[],
  startedAt: number,
): TrafficOptions {
  if (options.mode === 'live') {
    return {
      seed: options.seed,
      lines,
      idSalt: [startedAt],
      eventsPerSecond: options.rate,
      span: { from: startedAt, to: Infinity },
    };
  }
  return {
    seed: options.seed,
    lines,
    idSalt: [options.end, options.spanMs],
    eventsPerSecond: options.events / (options.spanMs / 1000),
    span: { from: options.end - options.spanMs, to: options.end },
  };
}
