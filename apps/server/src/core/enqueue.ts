import type { Transaction } from 'kysely';
import type { DeployEntity, TaskOperation } from '@parapet/shared';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { insertTask } from '../modules/deploy/tasks.repository.js';
import { setItemStatus } from './items.repository.js';
import { deployedKind } from './registry.js';

export interface DeployRequest {
  groupName: string;
  entity: DeployEntity;
  entityId: string;
  entityName: string;
  operation: TaskOperation;
  /** What the operation needs (a purge's paths). */
  payload?: unknown;
}

/** Listeners told after a commit that a task is waiting (the local worker wakes at once). */
const wakeUps = new Set<() => void>();
export function onTaskQueued(listener: () => void): () => void {
  wakeUps.add(listener);
  return () => wakeUps.delete(listener);
}
export function taskQueued(): void {
  for (const wake of wakeUps) wake();
}

/**
 * Queues a deployment inside the caller's transaction, so the change and its task commit
 * together; a published entity shows Deploying until the task ends. Call `taskQueued()` after
 * the commit.
 */
export async function enqueueDeploy(trx: Transaction<Database>, request: DeployRequest): Promise<string> {
  const taskNo = newId();
  await insertTask(trx, {
    task_no: taskNo,
    group_name: request.groupName,
    entity: request.entity,
    entity_id: request.entityId,
    entity_name: request.entityName,
    operation: request.operation,
    state: 'queued',
    error: null,
    error_detail: null,
    claimed_by: null,
    lease_until: null,
    created_at: Date.now(),
    started_at: null,
    finished_at: null,
    payload: request.payload === undefined ? null : JSON.stringify(request.payload),
  });
  // A publish shows Deploying; a removal of an item still stored until the edge drops it (a
  // service line) shows Deleting; a purge changes nothing the edge serves, so the status stays.
  const kind = deployedKind(request.entity);
  if (request.operation === 'publish') await setItemStatus(trx, kind.table, request.entityId, 'Deploying');
  else if (request.operation === 'remove' && kind.keptUntilRemoved)
    await setItemStatus(trx, kind.table, request.entityId, 'Deleting');
  return taskNo;
}
