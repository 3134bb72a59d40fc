import type { Kysely, Transaction } from 'kysely';
import type { TaskOperation } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { appendAudit } from '../modules/audit/audit.repository.js';
import { groupExists } from '../modules/groups/groups.repository.js';
import { enqueueDeploy, taskQueued } from './enqueue.js';
import * as items from './items.repository.js';
import { createWithinQuota } from './quota.js';
import { assertNotInUse, clearReferences } from './references.repository.js';
import type { DeployedKind, ItemRow } from './registry.js';
import { rethrowTaken } from './taken.js';

/**
 * The one write path of every deployed kind (ARCHITECTURE §7): checks → one transaction
 * holding the row, its version, its audit entry (before and after) and its deploy task (and
 * the quota, for a create) → the task's number. What a kind adds of its own (a line's domains
 * and references, a policy's health rows, the lines a certificate redeploys) comes in through
 * its registry entry's hooks; what one call adds (its store checks) through `check`.
 */

/** The empty taskNo of spec §4: a task for the item is still in flight, nothing changed. */
export const ALREADY_DEPLOYING = '';

const nameTaken = (kind: { nameField: string }) => new AppError('ALREADY_EXISTS', { [kind.nameField]: 'taken' });

/** The loser of a race for a name (or another unique key of the kind) hears what a later caller would. */
function raced<Row extends ItemRow, C>(kind: DeployedKind<Row, C>) {
  return (error: unknown): never =>
    rethrowTaken(error, { ...kind.hooks?.uniqueKeys, [kind.nameColumn]: () => nameTaken(kind) });
}

async function assertNameFree<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  groupName: string,
  name: string,
): Promise<void> {
  if (await items.findItemIdByName(db, kind.table, kind.nameColumn, groupName, name)) throw nameTaken(kind);
}

/** A change to an item whose task is in flight: the kind's "being deployed" error, or an empty taskNo. */
function whileDeploying<Row extends ItemRow, C>(kind: DeployedKind<Row, C>): string {
  if (kind.deployingCode) throw new AppError(kind.deployingCode);
  return ALREADY_DEPLOYING;
}

/** A create's steps inside its transaction: the row, the kind's hooks, the audit entry, the task. */
async function writeCreated<Row extends ItemRow, C>(
  trx: Transaction<Database>,
  kind: DeployedKind<Row, C>,
  row: Row,
  checked: C,
  actor: string,
): Promise<string> {
  await items.insertItem(trx, kind.table, row);
  await kind.hooks?.written?.(trx, row, null, checked, actor);
  await appendAudit(trx, {
    actor,
    groupName: row.group_name,
    entity: kind.entity,
    entityId: row.id,
    action: 'create',
    before: null,
    after: kind.auditView(row),
  });
  const taskNo = await enqueueDeploy(trx, {
    groupName: row.group_name,
    entity: kind.entity,
    entityId: row.id,
    entityName: kind.nameOf(row),
    operation: 'publish',
  });
  await kind.hooks?.queued?.(trx, row);
  return taskNo;
}

/** An update's steps inside its transaction: the row over the version read, hooks, audit entry, task. */
async function writeUpdated<Row extends ItemRow, C>(
  trx: Transaction<Database>,
  kind: DeployedKind<Row, C>,
  change: { before: Row; version: number; patch: Partial<Row> },
  checked: C,
  actor: string,
): Promise<string> {
  const { before, version, patch } = change;
  const after: Row = { ...before, ...patch };
  if (!(await items.updateItem(trx, kind.table, before.id, version, patch))) throw new AppError('VERSION_CONFLICT');
  await kind.hooks?.written?.(trx, after, before, checked, actor);
  await appendAudit(trx, {
    actor,
    groupName: before.group_name,
    entity: kind.entity,
    entityId: before.id,
    action: 'update',
    before: kind.auditView(before),
    after: kind.auditView(after),
  });
  const taskNo = await enqueueDeploy(trx, {
    groupName: before.group_name,
    entity: kind.entity,
    entityId: before.id,
    entityName: kind.nameOf(after),
    operation: 'publish',
  });
  await kind.hooks?.queued?.(trx, after);
  return taskNo;
}

export interface CreateItem<Row, C> {
  row: Row;
  actor: string;
  /** The call's checks that need the store (after the group and the name are known good). */
  check?: () => Promise<C>;
  /** Made by the system and free of the quota (the built-in page). */
  builtIn?: boolean;
}

export async function createItem<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  input: CreateItem<Row, C>,
): Promise<string> {
  const { row, actor } = input;
  const groupName = row.group_name;
  if (!(await groupExists(db, groupName))) throw new AppError('NOT_FOUND');
  await assertNameFree(db, kind, groupName, kind.nameOf(row));
  const checked = (await input.check?.()) as C;
  const write = (trx: Transaction<Database>) => writeCreated(trx, kind, row, checked, actor);
  const quota = input.builtIn ? undefined : kind.quota;
  const taskNo = await (
    quota
      ? createWithinQuota(db, {
          groupName,
          limit: quota.limit,
          count: (trx) => quota.count(trx, groupName),
          create: write,
          ...(quota.error ? { error: quota.error } : {}),
        })
      : db.transaction().execute(write)
  ).catch(raced(kind));
  taskQueued();
  return taskNo;
}

export interface UpdateItem<Row, C> {
  /** The row as read, and the version the caller read. */
  before: Row;
  version: number;
  patch: Partial<Row>;
  actor: string;
  check?: () => Promise<C>;
}

/**
 * Saves over the version read. A stale save is told so first (reloading is what it needs,
 * deploying or not); then a save while the item deploys gets the kind's answer for that.
 */
export async function updateItem<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  input: UpdateItem<Row, C>,
): Promise<string> {
  const { before, version, patch, actor } = input;
  if (version !== before.version) throw new AppError('VERSION_CONFLICT');
  if (before.status !== 'Running') return whileDeploying(kind);
  const after: Row = { ...before, ...patch };
  const name = kind.nameOf(after);
  if (name !== kind.nameOf(before)) await assertNameFree(db, kind, before.group_name, name);
  const checked = (await input.check?.()) as C;
  const taskNo = await db
    .transaction()
    .execute((trx) => writeUpdated(trx, kind, { before, version, patch }, checked, actor))
    .catch(raced(kind));
  taskQueued();
  return taskNo;
}

/**
 * Deletes an item nothing uses and that is not deploying. Most kinds' rows go at once (the
 * name is free again) and a task takes their files off the edge; a kind kept until removed
 * shows Deleting and its publisher drops the row once the edge has let go.
 */
export async function deleteItem<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  input: { row: Row; actor: string },
): Promise<string> {
  const { row, actor } = input;
  if (row.status !== 'Running') return whileDeploying(kind);
  const taskNo = await db.transaction().execute(async (trx) => {
    await assertNotInUse(trx, kind.entity, row.id);
    if (!kind.keptUntilRemoved) {
      await items.deleteItem(trx, kind.table, row.id);
      // What it used (a rule's pages) is free of it at once; a kept kind lets go when dropped.
      await clearReferences(trx, kind.entity, row.id);
    }
    await appendAudit(trx, {
      actor,
      groupName: row.group_name,
      entity: kind.entity,
      entityId: row.id,
      action: 'delete',
      before: kind.auditView(row),
      after: null,
    });
    return enqueueDeploy(trx, {
      groupName: row.group_name,
      entity: kind.entity,
      entityId: row.id,
      entityName: kind.nameOf(row),
      operation: 'remove',
    });
  });
  taskQueued();
  return taskNo;
}

/**
 * A task that changes nothing stored (a cache purge): its audit entry and the task, together.
 * `payload` is what the publisher is given and what the log keeps.
 */
export async function queueItemTask<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  input: { row: Row; actor: string; operation: Exclude<TaskOperation, 'publish' | 'remove'>; payload: object },
): Promise<string> {
  const { row, actor, operation, payload } = input;
  const taskNo = await db.transaction().execute(async (trx) => {
    await appendAudit(trx, {
      actor,
      groupName: row.group_name,
      entity: kind.entity,
      entityId: row.id,
      action: operation,
      before: null,
      after: payload,
    });
    return enqueueDeploy(trx, {
      groupName: row.group_name,
      entity: kind.entity,
      entityId: row.id,
      entityName: kind.nameOf(row),
      operation,
      payload,
    });
  });
  taskQueued();
  return taskNo;
}

export interface WriteItems<Row, C> {
  groupName: string;
  /** New rows, each with what the caller's store checks found for it (handed to `written`). */
  creates: ReadonlyArray<{ row: Row; checked: C }>;
  /** Saves over rows as read (their version), each with its patch and checks. */
  updates: ReadonlyArray<{ before: Row; patch: Partial<Row>; checked: C }>;
  actor: string;
}

/**
 * Many creates and updates in one group as ONE change (an import): each row goes through the
 * same steps as `createItem` / `updateItem` (hooks, audit entry, task), all in one transaction,
 * so every row lands or none does. The caller has made the cheap refusals and store checks for
 * every item already, to report them all at once; here the group row is locked and the quota
 * counted again for all the new rows together, as a single create does. A row that deploys
 * meanwhile, a stale version or a name a racing create took refuses the whole batch as the
 * single call would. Answers the task numbers, creates first, each in the order given.
 */
export async function writeItems<Row extends ItemRow, C>(
  db: Kysely<Database>,
  kind: DeployedKind<Row, C>,
  input: WriteItems<Row, C>,
): Promise<string[]> {
  const { groupName, creates, updates, actor } = input;
  if (!(await groupExists(db, groupName))) throw new AppError('NOT_FOUND');
  const write = async (trx: Transaction<Database>) => {
    const taskNos: string[] = [];
    for (const { row, checked } of creates) taskNos.push(await writeCreated(trx, kind, row, checked, actor));
    for (const { before, patch, checked } of updates) {
      if (before.status !== 'Running') throw new AppError(kind.deployingCode ?? 'VERSION_CONFLICT');
      taskNos.push(await writeUpdated(trx, kind, { before, version: before.version, patch }, checked, actor));
    }
    return taskNos;
  };
  const quota = kind.quota;
  const taskNos = await (
    quota && creates.length > 0
      ? createWithinQuota(db, {
          groupName,
          limit: quota.limit,
          // Room for all of them: the check refuses when the count reaches the limit, so the
          // count is taken as if all but the last new row were already there.
          count: async (trx) => (await quota.count(trx, groupName)) + creates.length - 1,
          create: write,
          ...(quota.error ? { error: quota.error } : {}),
        })
      : db.transaction().execute(write)
  ).catch(raced(kind));
  taskQueued();
  return taskNos;
}
