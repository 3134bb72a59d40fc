import type { Kysely } from 'kysely';
import type { EntityStatus } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { appendAudit } from '../audit/audit.repository.js';
import { assertNotInUse } from '../references/references.repository.js';
import { taskQueued, enqueueDeploy } from './enqueue.js';
import { assertNotDeploying } from './entity-status.js';
import { ENTITY_TABLES } from './tasks.repository.js';

export interface RemovedItem {
  entity: 'cert' | 'html-page' | 'origin-policy';
  id: string;
  groupName: string;
  name: string;
  status: EntityStatus;
  /** What the audit log keeps of the item as it was. */
  auditBefore: Record<string, unknown>;
}

/**
 * Deletes a certificate, page or policy nothing uses and is not deploying: the row goes at
 * once (its name is free again), with its audit entry, and a task takes its files off the edge.
 */
export async function removeItem(db: Kysely<Database>, actor: string, item: RemovedItem): Promise<void> {
  assertNotDeploying(item.entity, item.status);
  await db.transaction().execute(async (trx) => {
    await assertNotInUse(trx, item.entity, item.id);
    await trx.deleteFrom(ENTITY_TABLES[item.entity]).where('id', '=', item.id).execute();
    await appendAudit(trx, { actor, groupName: item.groupName, entity: item.entity, entityId: item.id, action: 'delete', before: item.auditBefore, after: null });
    await enqueueDeploy(trx, { groupName: item.groupName, entity: item.entity, entityId: item.id, entityName: item.name, operation: 'remove' });
  });
  taskQueued();
}
