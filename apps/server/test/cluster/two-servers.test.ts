import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { ORIGIN_POLICY_API, SERVICE_LINE_API, SOCKET_PATH, type TaskUpdatedEvent } from '@parapet/shared';
import {
  Cluster,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  createClusterSchema,
  post,
  signIn,
  waitFor,
  type ClusterSchema,
} from './cluster.js';
import { startProbedOrigins, type Probe, type ProbedOrigin } from './probed-origins.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { ensureServerBuilt, type ServerProcess } from './server-process.js';

/**
 * Issue 16 item 3, the scale path of ARCHITECTURE §1: real server processes (the built bundle)
 * on one PostgreSQL schema and one Redis, behind one round-robin address. Figures go to
 * docs/two-servers.md.
 */
const ready = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
const title = ready
  ? 'two servers on PostgreSQL and Redis behind one address'
  : 'two servers on PostgreSQL and Redis behind one address (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL)';

/** Deploy leases in this test: a taken-over task waits this long for its dead server's lease. */
const LEASE_MS = 2000;
const TASKS = 1000;
const CHECK_INTERVAL_S = 1;

interface TaskRow {
  task_no: string;
  state: string;
  attempts: number;
  claimed_by: string | null;
  started_at: number | null;
  finished_at: number | null;
}

/** The pid in a worker's owner name (`host:pid:id`). */
const pidOf = (owner: string | null) => Number(owner?.split(':')[1]);

interface Feed {
  socket: Socket;
  events: TaskUpdatedEvent[];
  until(taskNo: string, state: TaskUpdatedEvent['state']): Promise<void>;
}

/** A socket opened as the console opens it (WebSocket only, the session cookie), keeping every task event. */
async function openFeed(url: string, cookie: string): Promise<Feed> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  const events: TaskUpdatedEvent[] = [];
  socket.on('task.updated', (event: TaskUpdatedEvent) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    until: (taskNo, state) =>
      waitFor(`${state} of ${taskNo} on ${url}`, async () =>
        events.some((e) => e.taskNo === taskNo && e.state === state) ? true : undefined,
      ).then(() => undefined),
  };
}

describe.skipIf(!ready)(title, () => {
  let schema: ClusterSchema;
  let cluster: Cluster;
  let proxy: RoundRobinProxy | undefined;
  let origins: Awaited<ReturnType<typeof startProbedOrigins>> | undefined;
  const feeds: Feed[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie: string;
  /** The server left running after the origin checks' test stops the other. */
  let survivor: ServerProcess;

  const task = async (taskNo: string): Promise<TaskRow> => {
    const { rows } = await schema.pool.query<TaskRow>(
      'select task_no, state, attempts, claimed_by, started_at, finished_at from deploy_tasks where task_no = $1',
      [taskNo],
    );
    if (!rows[0]) throw new Error(`no task ${taskNo}`);
    return rows[0];
  };
  const createLine = async (url: string, name: string): Promise<string> => {
    const { taskNo } = (await post(url, cookie, SERVICE_LINE_API.create, {
      groupName: 'default',
      appProfileName: `${name}.example`,
      customerPackage: 'standard',
      servername: [`${name}.example.com`],
      origins: [{ address: '127.0.0.1' }],
    })) as { taskNo: string };
    return taskNo;
  };

  beforeAll(async () => {
    ensureServerBuilt();
    schema = await createClusterSchema(TEST_DATABASE_URL ?? '');
    cluster = new Cluster({
      DATABASE_URL: schema.databaseUrl,
      REDIS_URL: TEST_REDIS_URL ?? '',
      // Channels of this cluster's own: other test runs on the same Redis hear none of its events.
      REDIS_KEY: `parapet-cluster-${process.pid}`,
      EDGE_NGINX: 'off',
      ALLOW_PRIVATE_ORIGINS: 'true',
      DEPLOY_LEASE_MS: String(LEASE_MS),
    });
    // Both at once on an empty schema: the migrations must not trip over each other.
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    proxy = await startRoundRobinProxy([a.port, b.port]);
    cookie = await signIn(proxy.url);
  }, 150_000);

  afterAll(async () => {
    for (const feed of feeds) feed.socket.close();
    await cluster?.stopAll();
    await proxy?.close();
    await origins?.close();
    await schema?.drop();
  }, 30_000);

  it('carries a change made through one server to socket clients of the other, and through the shared address', async () => {
    feeds.push(...(await Promise.all([a.url, b.url, proxy!.url].map((url) => openFeed(url, cookie)))));
    for (const [via, name] of [
      [a, 'via-a'],
      [b, 'via-b'],
    ] as const) {
      const taskNo = await createLine(via.url, name);
      // The server that ran the task sent the event once; every feed, on either server, hears it.
      await Promise.all(feeds.map((feed) => feed.until(taskNo, 'succeeded')));
      expect([a.pid, b.pid]).toContain(pidOf((await task(taskNo)).claimed_by));
    }
    // Both servers answered through the one address.
    expect(proxy!.handed.get(a.port)).toBeGreaterThan(0);
    expect(proxy!.handed.get(b.port)).toBeGreaterThan(0);
  }, 30_000);

  it(`claims each of ${TASKS} deploy tasks exactly once across both servers`, async () => {
    // The tasks go straight into the store (one insert): a thousand creations through the API
    // would run into the plan's quota of lines, and the API's own cost is not what is measured.
    const { rows: lines } = await schema.pool.query<{ id: string; app_profile_name: string }>(
      'select id, app_profile_name from service_lines order by app_profile_name',
    );
    const start = Date.now();
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let i = 0; i < TASKS; i++) {
      const line = lines[i % lines.length]!;
      const n = values.length;
      tuples.push(`($${n + 1}, 'default', 'service-line', $${n + 2}, $${n + 3}, 'publish', 'queued', $${n + 4})`);
      values.push(`bulk-${String(i).padStart(4, '0')}`, line.id, line.app_profile_name, start + i);
    }
    await schema.pool.query(
      `insert into deploy_tasks (task_no, group_name, entity, entity_id, entity_name, operation, state, created_at)
       values ${tuples.join(', ')}`,
      values,
    );
    await waitFor(
      'the bulk tasks to end',
      async () => {
        const { rows } = await schema.pool.query<{ n: string }>(
          "select count(*) as n from deploy_tasks where task_no like 'bulk-%' and state in ('queued', 'running')",
        );
        return Number(rows[0]?.n) === 0 ? true : undefined;
      },
      // About 30 s here; three times that on a machine busy with other test runs.
      100_000,
    );
    const { rows } = await schema.pool.query<TaskRow>(
      "select task_no, state, attempts, claimed_by, started_at, finished_at from deploy_tasks where task_no like 'bulk-%'",
    );
    expect(rows).toHaveLength(TASKS);
    expect(rows.filter((r) => r.state !== 'succeeded')).toEqual([]);
    // Claimed once each (the claim counts its attempts), by one of the two servers.
    expect(rows.filter((r) => r.attempts !== 1)).toEqual([]);
    const byServer = new Map<number, number>();
    for (const r of rows) byServer.set(pidOf(r.claimed_by), (byServer.get(pidOf(r.claimed_by)) ?? 0) + 1);
    expect([...byServer.keys()].sort()).toEqual([a.pid, b.pid].sort());
    const seconds = (Math.max(...rows.map((r) => r.finished_at ?? 0)) - start) / 1000;
    const runMs = rows.reduce((sum, r) => sum + (r.finished_at ?? 0) - (r.started_at ?? 0), 0) / TASKS;
    console.log(
      `${TASKS} tasks in ${seconds.toFixed(1)} s (${(TASKS / seconds).toFixed(0)} tasks/s); ` +
        `server A ran ${byServer.get(a.pid)}, server B ${byServer.get(b.pid)}; ` +
        `${runMs.toFixed(0)} ms a task from claim to end`,
    );
  }, 120_000);

  it('checks each origin from one server at a time, and from the survivor once one stops', async () => {
    origins = await startProbedOrigins(6, () => cluster.servers.map((s) => s.pid));
    await post(proxy!.url, cookie, ORIGIN_POLICY_API.policies, {
      groupName: 'default',
      policyName: 'probed',
      origins: origins.origins.map((o) => ({ address: o.address })),
      healthCheckMode: 'http',
      healthCheckInterval: CHECK_INTERVAL_S,
      healthCheckTimeout: 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const checkedBy = (list: readonly Probe[]) => new Set(list.map((p) => p.pid));
    const all = origins.origins.flatMap((o) => o.probes);
    // Every check came from one of the two servers. Which one does them is a matter of whose
    // ticks come first: often one server claims every origin, tick after tick.
    expect(all.length).toBeGreaterThan(0);
    expect([...checkedBy(all)].every((pid) => pid === a.pid || pid === b.pid)).toBe(true);
    const count = (pid: number) => all.filter((p) => p.pid === pid).length;
    const [busier, other] = count(a.pid) >= count(b.pid) ? [a, b] : [b, a];

    // The server doing most checks stops (SIGTERM, as a rolling restart does) and the balancer
    // stops sending it connections: the other takes every origin over.
    proxy!.setBackends([other.port]);
    busier.kill('SIGTERM');
    expect(await busier.exit).toBe(0);
    survivor = other;
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (const origin of origins.origins) {
      const after = origin.probes.filter((p) => p.receivedAt > stoppedAt);
      expect(after.length, origin.address).toBeGreaterThanOrEqual(2);
      expect(checkedBy(after), origin.address).toEqual(new Set([other.pid]));
    }
    expect(checkedBy(origins.origins.flatMap((o) => o.probes))).toEqual(new Set([a.pid, b.pid]));
    // No origin was checked twice within one interval, by whichever server, before or after:
    // the next check starts no sooner than an interval after the previous one was answered.
    const gaps = (origin: ProbedOrigin) =>
      origin.probes.slice(1).map((p, i) => p.receivedAt - origin.probes[i]!.answeredAt);
    for (const origin of origins.origins) {
      expect(Math.min(...gaps(origin)), origin.address).toBeGreaterThanOrEqual(CHECK_INTERVAL_S * 1000 - 5);
    }
  }, 30_000);

  it("keeps a task with its live server past the lease, and gives a killed server's task to the other once it runs out", async () => {
    // A third server whose deployments take 6 s (EDGE_SETTLE_MS), three leases long.
    const slow = await cluster.start({ EDGE_SETTLE_MS: String(3 * LEASE_MS), HEALTH_CHECKS: 'false' });
    /** A change through the slow server, which wakes at once and claims its task (retried in the rare case A polled first). */
    const slowTask = async (name: string): Promise<string> => {
      for (let attempt = 1; ; attempt++) {
        const taskNo = await createLine(slow.url, `${name}-${attempt}`);
        const claimed = await waitFor(`${taskNo} claimed`, async () => (await task(taskNo)).claimed_by ?? undefined);
        if (pidOf(claimed) === slow.pid || attempt === 3) return taskNo;
      }
    };
    const orphan = await slowTask('orphan');
    // Past the lease and a poll of the other server: alive, the slow server renewed its lease,
    // so the task is still its own and was claimed once (unrenewed, the other server would have taken it).
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_MS));
    const before = await task(orphan);
    expect(before).toMatchObject({ state: 'running', attempts: 1 });
    expect(pidOf(before.claimed_by)).toBe(slow.pid);

    // Killed in the middle of it, its task goes to the survivor once the lease runs out.
    slow.kill('SIGKILL');
    await slow.exit;
    const killedAt = Date.now();
    const after = await waitFor('the orphaned task to end', async () => {
      const row = await task(orphan);
      return row.state === 'succeeded' ? row : undefined;
    });
    expect(pidOf(after.claimed_by)).toBe(survivor.pid);
    expect(after.attempts).toBe(2);
    const takeover = (after.started_at! - killedAt) / 1000;
    console.log(
      `task of the killed server taken over ${takeover.toFixed(1)} s after the kill ` +
        `(lease ${LEASE_MS / 1000} s), done ${((after.finished_at! - killedAt) / 1000).toFixed(1)} s after it`,
    );
    expect(takeover).toBeLessThan(LEASE_MS / 1000 + 3);
  }, 40_000);
});
