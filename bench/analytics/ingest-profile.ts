// `tsx bench/analytics/ingest-profile.ts [--batches 4] [--batch 245760] [--seed 1]` (docs/analytics-bench.md,
// "Where a batch's CPU goes"): where the DuckDB store's insert spends its time and its CPU.
//
// It generates the batches first, at the density of `npm run bench:analytics` (10M events over
// 3 days, so a batch spans the same stretch of time and fills the rollups as much), then inserts
// them one by one into a fresh store, timing every statement the store sends (wall and the
// process's CPU, which counts DuckDB's threads). What no statement accounts for is the JS
// hand-over (duckdb-load.ts). Last, in the same run, the floor: the newest batch's rows, ready as
// stored, inserted again into an empty table of the same layout, with nothing else to do.
// The CPU a second of inserts may take at 150k events/s on this machine's cores is printed
// beside the CPU an event took.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { StoredEvent } from '@parapet/shared';
import { ROLLUPS } from '../../apps/server/src/modules/event-store/duckdb-rollups.js';
import { EVENTS_TABLE } from '../../apps/server/src/modules/event-store/duckdb-schema.js';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from '../../apps/server/src/modules/event-store/duckdb-store.js';
import { DEFAULT_DIRECT_BATCH } from '../../apps/server/src/tools/simulate/simulate-options.js';
import {
  createTrafficGenerator,
  spreadTimestamps,
  storedEvent,
} from '../../apps/server/src/tools/simulate/traffic-generator.js';
import { LINES } from './lines.js';
import { wholeOption } from './options.js';

const TARGET_PER_SECOND = 150_000;
/** The benchmark's density: 10M events over 3 days. */
const BENCH_EVENTS = 10_000_000;
const BENCH_SPAN_MS = 3 * 24 * 3_600_000;
const FLOOR_RUNS = 3;

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '4' },
    batch: { type: 'string', default: String(DEFAULT_DIRECT_BATCH) },
    seed: { type: 'string', default: '1' },
  },
});
const BATCHES = wholeOption('batches', args.batches);
const SEED = wholeOption('seed', args.seed);
const BATCH = wholeOption('batch', args.batch);

const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** What a statement is part of, by its text. */
const ROLLUP_TABLES = new Set(ROLLUPS.map((rollup) => rollup.table));
function partOf(sql: string): string {
  const text = sql.trim();
  if (text === 'COMMIT') return 'COMMIT (with its checkpoint)';
  if (text.startsWith(`INSERT INTO ${EVENTS_TABLE} `)) return 'events INSERT (decoding the codes)';
  if (/^(SET|RESET) VARIABLE/.test(text)) return 'dictionaries as session variables';
  if (/rollup_fold/.test(text)) return 'rollup folds';
  const target = /^INSERT INTO (\w+)/.exec(text)?.[1];
  if (target && ROLLUP_TABLES.has(target)) return `rollups (${ROLLUPS.length})`;
  if (/req_id/.test(text) && !/staging/.test(text)) return 'req_id tables';
  return 'dedupe, staging and the rest';
}

/** Every statement the store sends, timed: the store's own code stays as it is. */
const parts = new Map<string, { wall: number; cpu: number }>();
for (const method of ['run', 'runAndReadAll'] as const) {
  const original = DuckDBConnection.prototype[method] as (
    this: DuckDBConnection,
    ...args: unknown[]
  ) => Promise<unknown>;
  (DuckDBConnection.prototype as unknown as Record<string, unknown>)[method] = async function timed(
    this: DuckDBConnection,
    ...callArgs: unknown[]
  ): Promise<unknown> {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await original.apply(this, callArgs);
    } finally {
      const part = partOf(String(callArgs[0]));
      const sum = parts.get(part) ?? { wall: 0, cpu: 0 };
      sum.wall += (performance.now() - started) / 1000;
      sum.cpu += cpuSeconds(cpu);
      parts.set(part, sum);
    }
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'parapet-ingest-profile-'));
  try {
    const file = path.join(dir, DUCKDB_EVENTS_FILE);
    const events = BATCH * BATCHES;
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    const span = Math.round((BENCH_SPAN_MS * events) / BENCH_EVENTS);
    console.log(
      `Generating ${BATCHES} batches of ${BATCH} events over ${(span / 60_000).toFixed(0)} min (seed ${SEED})...`,
    );
    const generator = createTrafficGenerator({ seed: SEED, lines: LINES });
    const batches: StoredEvent[][] = [[]];
    for (const timestamp of spreadTimestamps(events, end - span, end, SEED)) {
      if (batches.at(-1)!.length === BATCH) batches.push([]);
      batches.at(-1)!.push(storedEvent(generator.next(timestamp)));
    }

    const store = await openDuckDbEventStore(file);
    parts.clear();
    let wall = 0;
    const cpu = process.cpuUsage();
    for (const batch of batches) {
      const started = performance.now();
      const result = await store.insert(batch);
      if (result.inserted !== batch.length) throw new Error(`stored ${result.inserted} of ${batch.length}`);
      wall += (performance.now() - started) / 1000;
    }
    const cpuTotal = cpuSeconds(cpu);
    await store.close();

    const perBatch = (seconds: number): string => (seconds / BATCHES).toFixed(3);
    const sql = [...parts.values()].reduce((sum, part) => ({ wall: sum.wall + part.wall, cpu: sum.cpu + part.cpu }), {
      wall: 0,
      cpu: 0,
    });
    const rows = [...parts].map(([part, { wall: partWall, cpu: partCpu }]) => ({
      part,
      'wall s': perBatch(partWall),
      'CPU s': perBatch(partCpu),
    }));
    rows.push({
      part: 'JS hand-over (no statement)',
      'wall s': perBatch(wall - sql.wall),
      'CPU s': perBatch(cpuTotal - sql.cpu),
    });
    rows.sort((a, b) => Number(b['CPU s']) - Number(a['CPU s']));
    rows.push({ part: 'a whole batch', 'wall s': perBatch(wall), 'CPU s': perBatch(cpuTotal) });
    console.log(`\nA batch of ${BATCH} events, mean of ${BATCHES}:`);
    console.table(rows);

    const floor = await insertFloor(file);
    const cores = availableParallelism();
    const budget = (cores * 1e6) / TARGET_PER_SECOND;
    const micros = (seconds: number): string => ((seconds * 1e6) / BATCH).toFixed(1);
    console.log(`\nInsert: ${Math.round(events / wall)} events/s; CPU ${micros(cpuTotal / BATCHES)} µs an event.`);
    console.log(
      `Floor (the newest batch's rows, ready, into an empty table, ${FLOOR_RUNS} runs): ` +
        `${floor.wall.toFixed(3)} s and ${floor.cpu.toFixed(3)} CPU s a batch at best, ${micros(floor.cpu)} µs an event.`,
    );
    console.log(
      `${TARGET_PER_SECOND} events/s on ${cores} cores allows ${budget.toFixed(1)} CPU µs an event, ` +
        `all of it busy: ${(budget / ((cpuTotal / BATCHES / BATCH) * 1e6)).toFixed(2)} of what the insert takes now.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The least wall and CPU time of inserting the newest batch's stored rows again, and committing. */
async function insertFloor(file: string): Promise<{ wall: number; cpu: number }> {
  const instance = await DuckDBInstance.create(file, { preserve_insertion_order: 'false' });
  const connection = await instance.connect();
  try {
    await connection.run(`ATTACH ':memory:' AS ready`);
    await connection.run(
      `CREATE TABLE ready.batch AS SELECT * FROM ${EVENTS_TABLE} ORDER BY "timestamp" DESC LIMIT ${BATCH}`,
    );
    let best = { wall: Infinity, cpu: Infinity };
    for (let run = 0; run < FLOOR_RUNS; run++) {
      await connection.run(`CREATE OR REPLACE TABLE floor AS SELECT * FROM ${EVENTS_TABLE} LIMIT 0`);
      const started = performance.now();
      const cpu = process.cpuUsage();
      await connection.run('BEGIN TRANSACTION');
      await connection.run('INSERT INTO floor SELECT * FROM ready.batch');
      await connection.run('COMMIT');
      best = {
        wall: Math.min(best.wall, (performance.now() - started) / 1000),
        cpu: Math.min(best.cpu, cpuSeconds(cpu)),
      };
    }
    return best;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

await main();
