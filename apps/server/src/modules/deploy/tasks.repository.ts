import type { Kysely, Selectable, Transaction } from 'kysely';
import { forUpdateSkipLocked } from '../../db/dialect.js';
import type { Database, DeployTasksTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type TaskRow = Selectable<DeployTasksTable>;

export const findTask = (db: Db, taskNo: string) =>
  db.selectFrom('deploy_tasks').selectAll().where('task_no', '=', taskNo).executeTakeFirst();

export async function insertTask(db: Db, row: Omit<TaskRow, 'attempts'>): Promise<void> {
  await db.insertInto('deploy_tasks').values(row).execute();
}

/**
 * Claims the oldest queued task, or a running one whose server stopped renewing its lease
 * (`renewTask`). On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several servers claim side by
 * side without taking the same task; SQLite has one writer, so the plain statement is already
 * exclusive.
 */
export async function claimTask(
  db: Kysely<Database>,
  owner: string,
  leaseMs: number,
  now = Date.now(),
): Promise<TaskRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await forUpdateSkipLocked(
      trx,
      trx
        .selectFrom('deploy_tasks')
        .select('task_no')
        .where((eb) =>
          eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)])]),
        )
        .orderBy('created_at')
        .limit(1),
    ).executeTakeFirst();
    if (!next) return undefined;
    return trx
      .updateTable('deploy_tasks')
      .set((eb) => ({
        state: 'running',
        claimed_by: owner,
        lease_until: now + leaseMs,
        started_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('task_no', '=', next.task_no)
      .returningAll()
      .executeTakeFirst();
  });
}

/**
 * Extends the lease of a task this server is running; false when it is no longer this
 * server's (its lease ran out and another server took it over, or it has ended).
 */
export async function renewTask(db: Db, taskNo: string, owner: string, leaseMs: number, now = Date.now()) {
  const res = await db
    .updateTable('deploy_tasks')
    .set({ lease_until: now + leaseMs })
    .where('task_no', '=', taskNo)
    .where('claimed_by', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends a task this server holds; false when its lease was lost to another server. */
export async function finishTask(
  db: Db,
  taskNo: string,
  owner: string,
  outcome: { state: 'succeeded' | 'failed'; error: string | null; errorDetail?: string | null },
  now = Date.now(),
): Promise<boolean> {
  const res = await db
    .updateTable('deploy_tasks')
    .set({
      state: outcome.state,
      error: outcome.error,
      error_detail: outcome.errorDetail ?? null,
      finished_at: now,
      lease_until: null,
    })
    .where('task_no', '=', taskNo)
    .where('claimed_by', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Tasks of an entity still in flight. */
export async function openTaskCount(db: Db, entityId: string): Promise<number> {
  const row = await db
    .selectFrom('deploy_tasks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('entity_id', '=', entityId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOpenTasks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('deploy_tasks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops ended tasks that finished before `before` (housekeeping); open ones always stay. */
export async function deleteTasksFinishedBefore(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('deploy_tasks')
    .where('state', 'in', ['succeeded', 'failed'])
    .where('finished_at', '<', before)
    .execute();
}
