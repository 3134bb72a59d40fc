// `tsx bench/analytics/http-ingest.ts [--events 400000] [--batch 5000] [--senders 8] [--rounds 2]
// [--cpu-prof DIR] [other/apps/server/dist/server.js ...]` (docs/analytics-bench.md, "Ingest requests loaded
// together"): events through `POST /api/ingest/events` of the built server (`npm run build -w
// apps/server` first), each server on a fresh DATA_DIR with three lines and an ingest token.
//
// The request bodies (NDJSON of the simulator's records, `--batch` lines each) are made once,
// before any timing, so the sending costs little more than the HTTP client: `--senders` requests
// are under way at any time, as that many edges shipping their logs would keep. Each server
// file given after the options runs in turn with this checkout's build, round after round (the
// order reversed every other round), as the baseline of the same run. Prints each run's
// events/s, the server's CPU per event (user and system, from /proc) and the requests' p50 and
// slowest time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_PREFIX, INGEST_API, ingestResultSchema } from '@parapet/shared';
import { signIn } from '../../apps/server/test/durability/api-client.js';
import {
  ADMIN_PASSWORD,
  ROOT,
  killServer,
  startServer,
  type ServerBuild,
} from '../../apps/server/test/durability/server-process.js';
import {
  createTrafficGenerator,
  spreadTimestamps,
  type SimulatedLine,
} from '../../apps/server/src/tools/simulate/traffic-generator.js';
import { wholeOption } from './options.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    events: { type: 'string', default: '400000' },
    batch: { type: 'string', default: '5000' },
    senders: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    port: { type: 'string', default: '18431' },
    // A folder for each server's V8 CPU profile (node --cpu-prof), written when it stops.
    'cpu-prof': { type: 'string' },
  },
});
const EVENTS = wholeOption('events', args.events);
const BATCH = wholeOption('batch', args.batch);
const SENDERS = wholeOption('senders', args.senders);
const ROUNDS = wholeOption('rounds', args.rounds);
const PORT = wholeOption('port', args.port);
const SPAN_MS = 3_600_000;

/** The lines each server is given, as the generator sees them: no rules, so every event is a plain request. */
const LINES: SimulatedLine[] = [1, 2, 3].map((n) => ({
  groupName: 'default',
  customerPackage: 'standard',
  lineName: `ingest${n}.line`,
  domains: [`ingest${n}.example.com`],
  rules: [],
}));

/** The request bodies, made once. */
function bodies(): string[] {
  const generator = createTrafficGenerator({ seed: 1, lines: LINES });
  const made: string[] = [];
  let lines: string[] = [];
  const end = Date.now();
  for (const timestamp of spreadTimestamps(EVENTS, end - SPAN_MS, end, 1)) {
    lines.push(JSON.stringify(generator.next(timestamp).record));
    if (lines.length === BATCH) {
      made.push(lines.join('\n'));
      lines = [];
    }
  }
  if (lines.length) made.push(lines.join('\n'));
  return made;
}

/** User and system time of a process so far, in seconds (Linux counts it in ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Figures {
  perSecond: number;
  cpuMicros: number;
  p50Ms: number;
  slowestMs: number;
}

async function measure(build: ServerBuild, batches: readonly string[]): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-http-ingest-'));
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
  const server = await startServer(dataDir, PORT, build, {}, profile);
  try {
    const api = await signIn(server.base, 'admin', ADMIN_PASSWORD);
    for (const line of LINES) {
      await api.call('POST', '/api/table/rcm-app-profiles/update/create', {
        groupName: line.groupName,
        appProfileName: line.lineName,
        customerPackage: line.customerPackage,
        servername: line.domains,
        origins: [{ address: '10.0.0.1' }],
      });
    }
    const { token } = await api.call<{ token: string }>('POST', '/api/admin/ingest-tokens', { name: 'bench' });
    const pid = server.child.pid!;
    const url = `${server.base}${API_PREFIX}${INGEST_API.events}`;
    const times: number[] = [];
    let accepted = 0;
    let next = 0;
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const sender = async (): Promise<void> => {
      while (next < batches.length) {
        const body = batches[next++]!;
        const sent = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
          body,
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`ingest answered ${response.status}: ${text.slice(0, 300)}`);
        accepted += ingestResultSchema.parse(JSON.parse(text)).accepted;
        times.push(performance.now() - sent);
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    if (accepted !== EVENTS) throw new Error(`the server accepted ${accepted} of ${EVENTS} events`);
    times.sort((a, b) => a - b);
    return {
      perSecond: EVENTS / seconds,
      cpuMicros: (cpu * 1e6) / EVENTS,
      p50Ms: times[Math.floor(times.length / 2)]!,
      slowestMs: times.at(-1)!,
    };
  } finally {
    // A profile is written only by a process that exits on its own.
    await killServer(server, profile.length ? 'SIGTERM' : 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const builds: { name: string; build: ServerBuild }[] = [
  { name: 'this checkout', build: 'dist' },
  ...positionals.map((file) => ({
    name: path.relative(ROOT, path.resolve(file)),
    build: { bundle: path.resolve(file) },
  })),
];
const batches = bodies();
console.log(
  `${EVENTS} events in ${batches.length} requests of ${BATCH} lines, ${SENDERS} under way at a time, ${ROUNDS} rounds`,
);
const rows: Record<string, string | number>[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const { name, build } of order) {
    const figures = await measure(build, batches);
    rows.push({
      round: round + 1,
      server: name,
      'events/s': Math.round(figures.perSecond),
      'server CPU µs/event': Number(figures.cpuMicros.toFixed(1)),
      'request p50 ms': Math.round(figures.p50Ms),
      'slowest ms': Math.round(figures.slowestMs),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
console.table(rows);
