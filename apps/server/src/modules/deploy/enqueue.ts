import type { Transaction } from 'kysely';
import type { DeployEntity, TaskOperation } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { ENTITY_TABLES, insertTask } from './tasks.repository.js';

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
    claimed_by: null,
    lease_until: null,
    created_at: Date.now(),
    started_at: null,
    finished_at: null,
    payload: request.payload === undefined ? null : JSON.stringify(request.payload),
  });
  // A publish shows Deploying; a removal of an item still stored (a service line) shows
  // Deleting; a purge changes nothing the edge serves, so the item keeps its status.
  if (request.operation === 'publish') {
    await trx.updateTable(ENTITY_TABLES[request.entity]).set({ status: 'Deploying' }).where('id', '=', request.entityId).execute();
  } else if (request.operation === 'remove' && request.entity === 'service-line') {
    await trx.updateTable('service_lines').set({ status: 'Deleting' }).where('id', '=', request.entityId).execute();
  }
  return taskNo;
}
