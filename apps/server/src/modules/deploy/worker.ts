import type { Kysely } from 'kysely';
import type { TaskUpdatedEvent } from '@parapet/shared';
import type { DeployFailureCode } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../env.js';
import { onTaskQueued } from '../../core/enqueue.js';
import { lockItem, setItemStatus } from '../../core/items.repository.js';
import { deployedKind } from '../../core/registry.js';
import { claimTask, finishTask, openTaskCount, renewTask, type TaskRow } from './tasks.repository.js';
import { EdgeCheckError } from '../edge/nginx.js';
import { applyEdgeChange, type EdgeContext } from '../edge/publish.js';
import { emptyChange } from '../edge/snapshot.js';

export interface WorkerOptions {
  db: Kysely<Database>;
  config: Config;
  /** Names this server in the task rows it claims. */
  owner: string;
  emit: (event: TaskUpdatedEvent) => void;
  log: { warn: (obj: object, msg: string) => void };
  /** How often an idle worker looks for tasks other servers queued. */
  pollMs?: number;
  /**
   * How long a claimed task is this server's without renewal; it is renewed every third of
   * this while it runs, so another server takes it over only from a server that stopped.
   */
  leaseMs?: number;
  /** The country database the local edge reads (the console's own); null for none. */
  countryDb?: string | null;
  /** The ISP database the local edge reads; null for none. */
  asnDb?: string | null;
}

export interface DeployWorker {
  start(): void;
  stop(): Promise<void>;
  /** Runs tasks until none is waiting (tests, and a clean stop). */
  drain(): Promise<void>;
}

/**
 * What a client may read about a failure: a code the console translates, never a path, a
 * stack or a system error code (ARCHITECTURE §4); the failure itself is logged.
 */
const reasonOf = (error: unknown): DeployFailureCode =>
  error instanceof EdgeCheckError ? 'edge_config_refused' : 'edge_apply_failed';

export function createDeployWorker(options: WorkerOptions): DeployWorker {
  const { db, config, owner, emit, log } = options;
  const edgeContext: EdgeContext = { config, countryDb: options.countryDb ?? null, asnDb: options.asnDb ?? null };
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  /** One task at a time per server keeps an entity's tasks in the order they were queued. */
  let busy: Promise<unknown> = Promise.resolve();

  const event = (task: TaskRow, state: TaskUpdatedEvent['state'], error?: string): TaskUpdatedEvent => ({
    taskNo: task.task_no,
    groupName: task.group_name,
    entity: task.entity,
    entityId: task.entity_id,
    state,
    ...(error ? { error } : {}),
  });

  /**
   * Renews the task's lease while it runs. Without this a task longer than the lease (a slow
   * nginx reload, a long EDGE_SETTLE_MS) was claimed again by another server while its own was
   * still at it, and ran twice.
   */
  function holdLease(task: TaskRow): () => void {
    const timer = setInterval(() => {
      renewTask(db, task.task_no, owner, leaseMs)
        .then((held) => {
          if (!held) log.warn({ taskNo: task.task_no }, 'deploy task lease lost to another server');
        })
        .catch((error: unknown) => log.warn({ err: error, taskNo: task.task_no }, 'deploy task lease not renewed'));
    }, leaseMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runTask(task: TaskRow): Promise<void> {
    const release = holdLease(task);
    try {
      await publishTask(task);
    } finally {
      release();
    }
  }

  async function publishTask(task: TaskRow): Promise<void> {
    emit(event(task, 'running'));
    let error: string | null = null;
    let errorDetail: string | null = null;
    try {
      const { publisher } = deployedKind(task.entity);
      const ctx = { db, config, edge: emptyChange(), afterApply: [] as Array<() => Promise<void>> };
      if (task.operation === 'publish') await publisher.publish(ctx, task.entity_id);
      else if (task.operation === 'remove') await publisher.remove(ctx, task.entity_id);
      else if (publisher.purge)
        await publisher.purge(
          ctx,
          task.entity_id,
          task.payload === null ? null : JSON.parse(task.payload),
          task.task_no,
        );
      else throw new Error(`${task.entity} cannot be purged`);
      if (ctx.edge.writes.size > 0 || ctx.edge.removes.size > 0) await applyEdgeChange(edgeContext, ctx.edge);
      for (const step of ctx.afterApply) await step();
      if (config.edgeSettleMs > 0) await new Promise((resolve) => setTimeout(resolve, config.edgeSettleMs));
    } catch (failure) {
      error = reasonOf(failure);
      if (failure instanceof EdgeCheckError) errorDetail = failure.reason;
      log.warn({ err: failure, taskNo: task.task_no }, 'deploy task failed');
    }
    const state = error ? 'failed' : 'succeeded';
    const finished = await db.transaction().execute(async (trx) => {
      // The entity's row is locked first, so two servers ending its last two tasks at once
      // cannot each see the other's still open and both leave it Deploying.
      const { table } = deployedKind(task.entity);
      await lockItem(trx, table, task.entity_id);
      if (!(await finishTask(trx, task.task_no, owner, { state, error, errorDetail }))) return false;
      // The entity is Running again once nothing else is in flight for it; a failure is kept
      // beside it while the previous version stays live.
      if ((await openTaskCount(trx, task.entity_id)) === 0) {
        await setItemStatus(trx, table, task.entity_id, 'Running', error);
      }
      return true;
    });
    if (finished) emit(event(task, state, error ?? undefined));
  }

  async function runOne(): Promise<boolean> {
    const next = busy.then(async () => {
      const task = await claimTask(db, owner, leaseMs);
      if (!task) return false;
      await runTask(task);
      return true;
    });
    busy = next.catch(() => undefined);
    return next;
  }

  async function run(): Promise<void> {
    while (running) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        log.warn({ err: error }, 'deploy worker could not claim a task');
      }
      if (worked || !running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = onTaskQueued(() => wake?.());
      loop = run();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      wake?.();
      await loop;
      await busy;
    },
    async drain() {
      while (await runOne());
    },
  };
}
