import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn, type ApiClient } from './api-client.js';
import {
  GROUP,
  createRandom,
  createSlots,
  runWriters,
  sendBatch,
  type Held,
  type Kind,
  type Slot,
  type WriterState,
} from './mixed-writer.js';
import {
  ADMIN_PASSWORD,
  bundleSource,
  killServer,
  startServer,
  type ServerBuild,
  type ServerProcess,
} from './server-process.js';
import { checkStoresWhileDown } from './store-checks.js';

/**
 * Crash durability (issue 16 item 2; docs/crash-durability.md): the server on one DATA_DIR is
 * SIGKILLed at seeded random moments while it takes mixed writes, and after each kill the
 * stores pass their checks, every acknowledged write is there with its content, and every
 * deploy task left open at the kill ends (succeeded, or failed with a reason) after the restart.
 */
export interface CrashOptions {
  kills: number;
  seed: number;
  port: number;
  build: ServerBuild;
  /** Writer loops over entities, each with this many slots of each kind. */
  loops?: number;
  perKind?: number;
  /** The kill comes this long after the writers start, drawn uniformly. */
  killAfterMs?: [number, number];
  log?: (line: string) => void;
}

export interface CrashSummary {
  kills: number;
  writesAcked: number;
  writesVerified: number;
  batchesAcked: number;
  batchesVerified: number;
  /** Batches sent without an answer: each must be stored whole or not at all. */
  batchesUnanswered: number;
  integrityFailures: number;
  tasksOpenAtKill: number;
  tasksRunningAtKill: number;
  tasksRecovered: number;
  seconds: number;
  failures: string[];
}

/** Tasks left running wait for their lease to run out before a restarted server takes them over. */
const LEASE_MS = 2000;
const TASK_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCrashLoop(options: CrashOptions): Promise<CrashSummary> {
  const { kills, seed, port, loops = 3, perKind = 2, killAfterMs = [500, 4500] } = options;
  const log = options.log ?? (() => undefined);
  const random = createRandom(seed);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-crash-'));
  const env = { DEPLOY_LEASE_MS: String(LEASE_MS) };
  const started = performance.now();
  const summary: CrashSummary = {
    kills: 0,
    writesAcked: 0,
    writesVerified: 0,
    batchesAcked: 0,
    batchesVerified: 0,
    batchesUnanswered: 0,
    integrityFailures: 0,
    tasksOpenAtKill: 0,
    tasksRunningAtKill: 0,
    tasksRecovered: 0,
    seconds: 0,
    failures: [],
  };
  const fail = (message: string) => {
    summary.failures.push(message);
    log(`FAIL ${message}`);
  };
  // The source is bundled once for every start of the run (the same code as through tsx).
  const bundled = options.build === 'source' ? await bundleSource() : undefined;
  const build = bundled?.build ?? options.build;
  let server: ServerProcess | undefined;
  try {
    server = await startServer(dataDir, port, build, env);
    const api = await signIn(server.base, 'admin', ADMIN_PASSWORD);
    const state = await setUp(api, seed, loops, perKind);
    for (let cycle = 1; cycle <= kills; cycle++) {
      // The first batch after a start opens the event store, which takes seconds on a loaded
      // machine: sent before the kill clock starts, so that batches are answered within a cycle.
      await sendBatch(api, state, `c${seed}-${cycle}-first`, random);
      const delay = killAfterMs[0] + random() * (killAfterMs[1] - killAfterMs[0]);
      // Settled at once so that a refused write does not go unhandled while the kill waits.
      const writing = runWriters(api, state, cycle, loops, random).then(
        () => undefined,
        (error: unknown) => error,
      );
      await sleep(delay);
      await killServer(server);
      server = undefined;
      const refused = await writing;
      if (refused) throw refused;
      summary.kills++;

      const down = await checkStoresWhileDown(dataDir, seed);
      if (down.sqliteIntegrity !== 'ok') {
        summary.integrityFailures++;
        fail(`kill ${cycle}: SQLite integrity_check: ${down.sqliteIntegrity}`);
      }
      if (!down.duckdbOk) {
        summary.integrityFailures++;
        fail(`kill ${cycle}: DuckDB did not open: ${down.duckdbError}`);
      }
      const answered = state.batches.filter((batch) => batch.acked);
      for (const batch of state.batches) {
        const stored = down.batchCounts.get(batch.key) ?? 0;
        if (batch.acked) {
          summary.batchesAcked++;
          if (stored === batch.size) summary.batchesVerified++;
          else fail(`kill ${cycle}: batch ${batch.key} acknowledged, ${stored} of ${batch.size} events stored`);
        } else {
          summary.batchesUnanswered++;
          if (stored !== 0 && stored !== batch.size)
            fail(`kill ${cycle}: batch ${batch.key} unanswered, stored in part (${stored} of ${batch.size})`);
        }
      }
      state.batches = [];
      summary.tasksOpenAtKill += down.openTasks.length;
      summary.tasksRunningAtKill += down.openTasks.filter((task) => task.state === 'running').length;

      server = await startServer(dataDir, port, build, env);
      // The session made before the kills must still be good: sessions are stored, and signing
      // in again at every restart runs into the sign-in rate limit, which is stored too.
      const me = await api.send('GET', '/api/user');
      if (me.status !== 200) fail(`kill ${cycle}: the session was lost (GET /api/user: ${me.status})`);
      summary.tasksRecovered += await awaitTasks(api, down.openTasks, cycle, fail);
      await checkEvents(api, answered, cycle, fail);
      const { acked, verified } = await checkSlots(api, state.slots, cycle, fail);
      summary.writesAcked += acked;
      summary.writesVerified += verified;
      log(
        `kill ${cycle}/${kills} after ${Math.round(delay)} ms: ${acked} writes, ${answered.length} batches, ` +
          `${down.openTasks.length} open tasks, integrity ${down.sqliteIntegrity}; so far ` +
          `writes ${summary.writesVerified}/${summary.writesAcked}, batches ${summary.batchesVerified}/` +
          `${summary.batchesAcked} (${summary.batchesUnanswered} unanswered), tasks ` +
          `${summary.tasksRecovered}/${summary.tasksOpenAtKill} (${summary.tasksRunningAtKill} running), ` +
          `${summary.failures.length} failures, ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
  } finally {
    if (server) await killServer(server, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    bundled?.remove();
  }
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}

/** The group on the enterprise plan, an ingest token, and the line ingest files events under. */
async function setUp(api: ApiClient, seed: number, loops: number, perKind: number): Promise<WriterState> {
  const groups = await api.call<{ items?: { name: string; version: number }[] }>('GET', '/api/groups');
  const list = Array.isArray(groups) ? (groups as { name: string; version: number }[]) : (groups.items ?? []);
  const group = list.find((g) => g.name === GROUP);
  if (!group) throw new Error('no default group');
  await api.call('PATCH', `/api/groups/${GROUP}`, { plan: 'enterprise', version: group.version });
  const { token } = await api.call<{ token: string }>('POST', '/api/admin/ingest-tokens', { name: 'crash' });
  const serverName = 'crashbase.example.com';
  await api.call('POST', '/api/table/rcm-app-profiles/update/create', {
    groupName: GROUP,
    appProfileName: 'crashbase.line',
    customerPackage: 'standard',
    servername: [serverName],
    origins: [{ address: '10.9.9.9' }],
  });
  for (let i = 0; ; i++) {
    const line = await api.call<{ status: string }>('GET', `/api/groups/${GROUP}/service-lines/crashbase.line`);
    if (line.status === 'Running') break;
    if (i > 300) throw new Error('the base line never came to Running');
    await sleep(100);
  }
  return { slots: createSlots(loops, perKind), batches: [], ingestToken: token, serverName, seed };
}

/** Waits for each task open at the kill to end; counts those that ended as they should. */
async function awaitTasks(
  api: ApiClient,
  tasks: { taskNo: string; state: string }[],
  cycle: number,
  fail: (message: string) => void,
): Promise<number> {
  let recovered = 0;
  for (const { taskNo, state: before } of tasks) {
    const deadline = Date.now() + TASK_WAIT_MS;
    for (;;) {
      const res = await api.send('GET', `/api/tasks/${taskNo}`);
      const task = res.json as { state?: string; error?: string | null };
      if (res.status === 200 && task.state === 'succeeded') break;
      if (res.status === 200 && task.state === 'failed') {
        if (!task.error) fail(`kill ${cycle}: task ${taskNo} failed without a reason`);
        break;
      }
      if (res.status !== 200) {
        fail(`kill ${cycle}: task ${taskNo} (${before} at the kill): ${res.status}`);
        break;
      }
      if (Date.now() > deadline) {
        fail(`kill ${cycle}: task ${taskNo} (${before} at the kill) still ${task.state} after ${TASK_WAIT_MS} ms`);
        break;
      }
      await sleep(100);
    }
    recovered++;
  }
  return recovered;
}

/** Up to three acknowledged batches of this cycle, found through the event log by a req_id. */
async function checkEvents(
  api: ApiClient,
  batches: { key: string }[],
  cycle: number,
  fail: (message: string) => void,
): Promise<void> {
  const picks = new Set([batches[0], batches[Math.floor(batches.length / 2)], batches.at(-1)]);
  for (const batch of picks) {
    if (!batch) continue;
    const reqId = `${batch.key}-0`;
    const page = await api.call<{ rows: { req_id: string }[] }>('POST', '/api/event-logs/search', {
      groupName: GROUP,
      dateRange: { index: 4 },
      filters: [{ field: 'req_id', op: 'is', value: reqId }],
      limit: 10,
    });
    if (page.rows.length !== 1) fail(`kill ${cycle}: event ${reqId} found ${page.rows.length} times in the event log`);
  }
}

/** What the server holds of each kind: name → id and the compared content (lines Deleting left out). */
async function listHeld(api: ApiClient, kind: Kind): Promise<Map<string, Held>> {
  const held = new Map<string, Held>();
  if (kind === 'line') {
    const page = await api.call<{
      items: { id: string; appProfileName: string; status: string; origins: { address: string }[] }[];
    }>('GET', `/api/service-lines?groupName=${GROUP}&pageSize=100`);
    for (const line of page.items)
      if (line.status !== 'Deleting')
        held.set(line.appProfileName, {
          name: line.appProfileName,
          id: line.id,
          content: line.origins[0]?.address ?? '',
        });
    return held;
  }
  const url = kind === 'rule' ? '/api/waf-rules' : '/api/html-pages';
  const page = await api.call<{ items: Record<string, string>[] }>('GET', `${url}?groupName=${GROUP}&pageSize=100`);
  for (const item of page.items) {
    const name = kind === 'rule' ? item.ruleName! : item.htmlPageName!;
    held.set(name, { name, id: item.id!, content: kind === 'rule' ? item.description! : item.content! });
  }
  return held;
}

const same = (a: Held | null, b: Held | null) =>
  a === null ? b === null : b !== null && a.name === b.name && a.content === b.content;
const show = (held: Held | null | undefined) => (held ? `${held.name}=${held.content}` : String(held));

/**
 * Each slot holds its last acknowledged state, or the state its unanswered write would have
 * left; the slot then follows what the server holds. Returns the writes acknowledged since the
 * last check and those of slots that passed.
 */
async function checkSlots(api: ApiClient, slots: Slot[], cycle: number, fail: (message: string) => void) {
  const held = new Map<Kind, Map<string, Held>>();
  for (const kind of ['line', 'rule', 'page'] as Kind[]) held.set(kind, await listHeld(api, kind));
  let acked = 0;
  let verified = 0;
  for (const slot of slots) {
    const found = [...held.get(slot.kind)!.values()].filter((item) => item.name.startsWith(slot.prefix));
    const actual = found.length === 1 ? found[0]! : null;
    const expected = [slot.current, ...(slot.pending === undefined ? [] : [slot.pending])];
    acked += slot.acked;
    if (found.length <= 1 && expected.some((state) => same(state, actual))) verified += slot.acked;
    else
      fail(
        `kill ${cycle}: ${slot.kind} slot ${slot.prefix} holds ${found.map(show).join(', ') || 'nothing'}, ` +
          `expected ${expected.map(show).join(' or ')}`,
      );
    slot.current = actual;
    slot.pending = undefined;
    slot.acked = 0;
  }
  return { acked, verified };
}

/** The summary as a markdown table, with the machine's load beside it. */
export function summaryTable(summary: CrashSummary): string {
  const rows: [string, string | number][] = [
    ['kills (SIGKILL)', summary.kills],
    ['entity writes acknowledged', summary.writesAcked],
    ['entity writes verified', summary.writesVerified],
    ['ingest batches acknowledged', summary.batchesAcked],
    ['ingest batches verified (every event stored)', summary.batchesVerified],
    ['ingest batches unanswered (all or nothing)', summary.batchesUnanswered],
    ['integrity failures (SQLite, DuckDB)', summary.integrityFailures],
    ['tasks open at a kill (running)', `${summary.tasksOpenAtKill} (${summary.tasksRunningAtKill})`],
    ['tasks ended after restart', summary.tasksRecovered],
    ['failures', summary.failures.length],
    ['time (s)', summary.seconds],
  ];
  return ['| figure | value |', '| --- | --- |', ...rows.map(([name, value]) => `| ${name} | ${value} |`)].join('\n');
}
