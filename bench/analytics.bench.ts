// `npm run bench:analytics` (issue 13 item 7; docs/analytics-bench.md): back-fills N events (10M
// by default) over 3 days into a fresh DuckDB store in a temporary folder with the simulator's
// generator, then times every store query behind the Overview, Firewall and Acceleration
// (caching) tabs for 1 hour, 1 day and 3 days, the event log's first page for three typical
// searches, and the same aggregates by a plain scan of the raw table (the baseline), and prints
// the process's memory. `--events N` runs smaller; `--iterations N` sets the timed runs;
// `--keep DIR` keeps the back-filled file in DIR and, when it is there already, only queries it;
// `--only TEXT` times only the dashboard queries whose id holds TEXT.
//
// The queries run in a child process that only opens the store's file and answers them, as a
// server reading the dashboard does: its peak RSS is the figure the 1 GB target is about. The
// loading process also holds the generator and its batch, so its own peak is printed apart.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CHART_TERM_SIZE,
  DASHBOARD_TABS,
  EVENT_LOG_PAGE_SIZE_DEFAULT,
  defaultChartOptions,
  tabStoreQueries,
  type DashboardStoreQuery,
  type DashboardTab,
  type StoredEvent,
} from '@parapet/shared';
import {
  DUCKDB_EVENTS_FILE,
  openDuckDbEventStore,
  type DuckDbEventStore,
} from '../apps/server/src/modules/event-store/duckdb-store.js';
import type { EventStore, SearchQuery } from '../apps/server/src/modules/event-store/event-store.js';
import { DEFAULT_DIRECT_BATCH } from '../apps/server/src/tools/simulate/simulate-options.js';
import {
  createTrafficGenerator,
  spreadTimestamps,
  storedEvent,
} from '../apps/server/src/tools/simulate/traffic-generator.js';
import { GROUP, LINES } from './analytics/lines.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPAN = 3 * DAY;
const TARGETS = { ingestPerSecond: 150_000, dashboardP95Ms: 30, searchP95Ms: 20, rssBytes: 1024 ** 3 };

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    batch: { type: 'string', default: String(DEFAULT_DIRECT_BATCH) },
    iterations: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    // A folder that keeps the back-filled file: the first run fills it, later runs only query it,
    // so two versions of the store's queries can be timed on one file.
    keep: { type: 'string' },
    // Times only the dashboard queries whose id holds this text (`--only client_ip`), for A/B runs.
    only: { type: 'string' },
    // Set by the parent for its child: the store's file to query, and the back-fill's end.
    'query-file': { type: 'string' },
    end: { type: 'string' },
  },
});
const count = (name: string, text: string): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number above zero, not ${text}`);
  return value;
};
const EVENTS = count('events', args.events);
const BATCH = count('batch', args.batch);
const ITERATIONS = count('iterations', args.iterations);
const SEED = count('seed', args.seed);

// The process's peak resident memory so far, as the kernel counts it (not a sample).
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;
const mb = (bytes: number): string => `${Math.round(bytes / 1024 ** 2)} MB`;

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

function run(store: EventStore, query: DashboardStoreQuery): Promise<unknown> {
  switch (query.kind) {
    case 'timeSeries':
      return store.timeSeries(query.query);
    case 'topN':
      return store.topN(query.query);
    case 'search':
      return store.search(query.query);
  }
}

async function backfill(store: EventStore, end: number): Promise<{ insertMs: number; generateMs: number }> {
  const generator = createTrafficGenerator({ seed: SEED, lines: LINES });
  let insertMs = 0;
  let generateMs = 0;
  let batch: StoredEvent[] = [];
  let started = performance.now();
  let done = 0;
  let lastReport = performance.now();
  for (const timestamp of spreadTimestamps(EVENTS, end - SPAN, end, SEED)) {
    batch.push(storedEvent(generator.next(timestamp)));
    if (batch.length < BATCH && done + batch.length < EVENTS) continue;
    generateMs += performance.now() - started;
    const { ms, result } = await timed(() => store.insert(batch));
    if (result.inserted !== batch.length) throw new Error(`stored ${result.inserted} of ${batch.length}`);
    insertMs += ms;
    done += batch.length;
    batch = [];
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.error(
        `  ${done} events, ingest ${Math.round(done / (insertMs / 1000))}/s, RSS ${mb(process.memoryUsage().rss)}`,
      );
    }
    started = performance.now();
  }
  return { insertMs, generateMs };
}

interface Row {
  tab: string;
  range: string;
  id: string;
  p50: number;
  p95: number;
  p99: number;
  raw: number;
  same: boolean;
}

const RANGES: ReadonlyArray<[label: string, ms: number]> = [
  ['1 h', HOUR],
  ['1 d', DAY],
  ['3 d', SPAN],
];

/** The tab's queries on first load, and its main chart under each of its group-by tabs. */
function tabQueries(tab: DashboardTab, scope: { groupName: string; from: number; to: number }): DashboardStoreQuery[] {
  const queries = new Map<string, DashboardStoreQuery>();
  const add = (query: DashboardStoreQuery): void => {
    const key = JSON.stringify({ kind: query.kind, query: query.query });
    if (!queries.has(key)) queries.set(key, query);
  };
  for (const query of tabStoreQueries(tab, scope, { filters: [] })) add(query);
  for (const termField of tab.mainChart.groupBys) {
    if (termField === null) continue;
    const chartOptions = {
      ...defaultChartOptions(tab),
      groupBy: 'terms' as const,
      termField,
      termSize: CHART_TERM_SIZE,
    };
    for (const query of tabStoreQueries(tab, scope, { filters: [], chartOptions })) {
      if (query.id.startsWith('mainChart')) add({ ...query, id: `mainChart by ${termField}` });
    }
  }
  return [...queries.values()];
}

async function timeQueries(store: DuckDbEventStore, end: number): Promise<Row[]> {
  const raw = store.rawScans();
  const rows: Row[] = [];
  const tabs: DashboardTab[] = [DASHBOARD_TABS.overview, DASHBOARD_TABS.firewall, DASHBOARD_TABS.acceleration];
  for (const [label, span] of RANGES) {
    // A range as the page asks it: ending now, not on a bucket's edge.
    const scope = { groupName: GROUP, from: end - span - 7_321, to: end - 7_321 };
    for (const tab of tabs) {
      for (const query of tabQueries(tab, scope)) {
        if (args.only !== undefined && !query.id.toLowerCase().includes(args.only.toLowerCase())) continue;
        const first = await run(store, query);
        const times: number[] = [];
        for (let i = 0; i < ITERATIONS; i++) times.push((await timed(() => run(store, query))).ms);
        const baseline = await timed(() => run(raw, query));
        times.sort((a, b) => a - b);
        rows.push({
          tab: tab.id,
          range: label,
          id: query.id,
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          p99: percentile(times, 0.99),
          raw: baseline.ms,
          same: JSON.stringify(first) === JSON.stringify(baseline.result),
        });
      }
    }
  }
  return rows;
}

interface SearchTimes {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rows: number;
  /** The same search's count (the pager's "of N entries"), timed the same way, and its answer. */
  count: { p50: number; p95: number; total: number; raw: number; rawMs: number };
}

async function timeSearches(store: EventStore, raw: EventStore, end: number): Promise<SearchTimes[]> {
  // A req_id from the middle of the span: found once among all.
  const middle = await store.search({ groupName: GROUP, from: end - SPAN / 2, to: end, filters: [], limit: 1 });
  const rare = middle.rows[0]?.req_id ?? 'none';
  const page = EVENT_LOG_PAGE_SIZE_DEFAULT;
  const searches: Array<[string, SearchQuery]> = [
    [
      'one line, 1 day',
      {
        groupName: GROUP,
        from: end - DAY,
        to: end,
        filters: [{ field: 'server_name', op: 'is', value: 'blog.example.com' }],
        limit: page,
      },
    ],
    [
      'status 403 and one country, 3 days',
      {
        groupName: GROUP,
        from: end - SPAN,
        to: end,
        filters: [
          { field: 'status', op: 'is', value: 403 },
          { field: 'country', op: 'is', value: 'RU' },
        ],
        limit: page,
      },
    ],
    ['a rare req_id, 3 days', { groupName: GROUP, from: end - SPAN, to: end, filters: [], reqId: rare, limit: page }],
  ];
  const out: SearchTimes[] = [];
  const runs = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) times.push((await timed(work)).ms);
    return times.sort((a, b) => a - b);
  };
  for (const [name, query] of searches) {
    const first = await store.search(query);
    const times = await runs(() => store.search(query));
    const { limit: _limit, ...counted } = query;
    const total = await store.count(counted);
    const countTimes = await runs(() => store.count(counted));
    const rawCount = await timed(() => raw.count(counted));
    out.push({
      name,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      p99: percentile(times, 0.99),
      rows: first.rows.length,
      count: {
        p50: percentile(countTimes, 0.5),
        p95: percentile(countTimes, 0.95),
        total,
        raw: rawCount.result,
        rawMs: rawCount.ms,
      },
    });
  }
  return out;
}

type SearchRow = Awaited<ReturnType<typeof timeSearches>>[number];
interface QueryReport {
  rows: Row[];
  searches: SearchRow[];
  peakRss: number;
}

/** The child: opens the file the parent loaded, times every query, and reports with its peak RSS. */
async function answerQueries(file: string, end: number): Promise<QueryReport> {
  const store = await openDuckDbEventStore(file);
  try {
    const rows = await timeQueries(store, end);
    const searches = await timeSearches(store, store.rawScans(), end);
    return { rows, searches, peakRss: peakRss() };
  } finally {
    await store.close();
  }
}

/** Runs this file again as the child that queries, and waits for its report. */
function queryInChild(file: string, end: number): Promise<QueryReport> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      [
        ...['--query-file', file, '--end', String(end), '--iterations', String(ITERATIONS), '--seed', String(SEED)],
        ...(args.only === undefined ? [] : ['--only', args.only]),
      ],
      {
        execArgv: process.execArgv,
      },
    );
    let report: QueryReport | undefined;
    child.on('message', (message) => {
      report = message as QueryReport;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      report && code === 0 ? resolve(report) : reject(new Error(`the query process exited with ${code}`)),
    );
  });
}

/** Back-fills a fresh store into `file` and prints the ingest figures; answers the back-fill's end. */
async function backfillFile(file: string): Promise<{ end: number; loadRss: number; ingestRate: number }> {
  const store = await openDuckDbEventStore(file);
  // The back-fill ends on a whole minute, so "now" for the ranges has a ragged edge.
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  console.log(`Back-filling ${EVENTS} events over 3 days in batches of ${BATCH} (seed ${SEED})...`);
  const { insertMs, generateMs } = await backfill(store, end);
  await store.close();
  const loadRss = peakRss();
  const ingestRate = EVENTS / (insertMs / 1000);
  console.log(
    `Ingest: ${Math.round(ingestRate)} events/s into the store (target ${TARGETS.ingestPerSecond}); generator ${Math.round(EVENTS / (generateMs / 1000))} events/s; file ${mb(statSync(file).size)}; peak RSS of the loading process ${mb(loadRss)}`,
  );
  return { end, loadRss, ingestRate };
}

async function main(): Promise<void> {
  const keep = args.keep;
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'parapet-analytics-'));
  try {
    const file = path.join(dir, DUCKDB_EVENTS_FILE);
    const kept = path.join(dir, 'backfill.json');
    let loaded: { end: number; loadRss: number; ingestRate: number };
    if (keep !== undefined && existsSync(kept) && existsSync(file)) {
      loaded = JSON.parse(readFileSync(kept, 'utf8')) as typeof loaded;
      console.log(`Reusing the back-fill in ${dir} (its ingest figures are those of the run that wrote it)`);
    } else {
      if (keep !== undefined) mkdirSync(dir, { recursive: true });
      loaded = await backfillFile(file);
      if (keep !== undefined) writeFileSync(kept, JSON.stringify(loaded));
    }
    const { end, loadRss, ingestRate } = loaded;
    console.log('Timing the queries in a process of their own...');
    const { rows, searches, peakRss: queryRss } = await queryInChild(file, end);
    const f = (ms: number): string => ms.toFixed(1);
    console.log(`\nDashboard queries (${ITERATIONS} runs each; raw = one plain scan of the events table; ms)`);
    console.table(
      rows.map((r) => ({
        tab: r.tab,
        range: r.range,
        query: r.id,
        p50: f(r.p50),
        p95: f(r.p95),
        p99: f(r.p99),
        raw: f(r.raw),
        'raw/p50': (r.raw / r.p50).toFixed(1),
        same: r.same ? 'yes' : 'NO',
      })),
    );
    console.log(`\nEvent log, first page of ${EVENT_LOG_PAGE_SIZE_DEFAULT} (${ITERATIONS} runs each; ms)`);
    console.table(searches.map((s) => ({ search: s.name, rows: s.rows, p50: f(s.p50), p95: f(s.p95), p99: f(s.p99) })));
    console.log(
      `\nEvent log, the same searches' count ("of N entries"; ${ITERATIONS} runs each; raw = one count of the raw rows; ms)`,
    );
    console.table(
      searches.map((s) => ({
        search: s.name,
        total: s.count.total,
        p50: f(s.count.p50),
        p95: f(s.count.p95),
        raw: f(s.count.rawMs),
        same: s.count.total === s.count.raw ? 'yes' : 'NO',
      })),
    );
    const over = rows.filter((r) => r.p95 > TARGETS.dashboardP95Ms);
    const slowSearch = searches.filter((s) => s.p95 > TARGETS.searchP95Ms);
    const byRange = RANGES.map(([label]) => {
      const of = rows.filter((r) => r.range === label);
      const worst = of.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      return `${label}: worst p95 ${f(worst.p95)} ms (${worst.tab} ${worst.id})`;
    });
    console.log(`\nSummary
  ingest ${Math.round(ingestRate)} events/s (target >= ${TARGETS.ingestPerSecond}): ${ingestRate >= TARGETS.ingestPerSecond ? 'met' : 'NOT met'}
  dashboard p95 (target <= ${TARGETS.dashboardP95Ms} ms): ${over.length === 0 ? 'met' : `${over.length} of ${rows.length} over`}; ${byRange.join('; ')}
  search first page p95 (target <= ${TARGETS.searchP95Ms} ms): ${slowSearch.length === 0 ? 'met' : slowSearch.map((s) => `${s.name} ${f(s.p95)} ms`).join(', ')}
  search counts, p95 (no target; asked beside the first page): ${searches.map((s) => `${s.name} ${f(s.count.p95)} ms`).join(', ')}
  raw scans answered the same: ${rows.every((r) => r.same) && searches.every((s) => s.count.total === s.count.raw) ? 'yes, every query and count' : `NO for ${rows.filter((r) => !r.same).length} queries and ${searches.filter((s) => s.count.total !== s.count.raw).length} counts`}
  median speed-up over the raw scan: ${(rows.map((r) => r.raw / r.p50).sort((a, b) => a - b)[Math.floor(rows.length / 2)] ?? 0).toFixed(1)}x
  peak RSS of the process answering the queries ${mb(queryRss)} (target <= ${mb(TARGETS.rssBytes)}): ${queryRss <= TARGETS.rssBytes ? 'met' : 'NOT met'}; of the loading process, with the generator and its batch, ${mb(loadRss)}`);
  } finally {
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

if (args['query-file'] !== undefined) {
  const report = await answerQueries(args['query-file'], count('end', args.end ?? ''));
  process.send!(report, () => process.exit(0));
} else {
  await main();
}
