import type { Kysely } from 'kysely';
import type { AuditEntry } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export interface AuditRecord {
  actor: string;
  groupName: string | null;
  entity: string;
  entityId: string;
  action: AuditEntry['action'];
  before: object | null;
  after: object | null;
}

/** Field names whose values never enter the log, at any depth. */
const SECRET_FIELD = /password|secret|token|key$|^key|private/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_FIELD.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  }
  return value;
}

/**
 * Appends one row to the audit log. There is no update or delete here on purpose: the log
 * only grows. Called inside the transaction of the change it records.
 */
export async function appendAudit(db: Kysely<Database>, record: AuditRecord, at = Date.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      at,
      actor: record.actor,
      group_name: record.groupName,
      entity: record.entity,
      entity_id: record.entityId,
      action: record.action,
      before: record.before ? JSON.stringify(withoutSecrets(record.before)) : null,
      after: record.after ? JSON.stringify(withoutSecrets(record.after)) : null,
    })
    .execute();
}

export async function listAudit(
  db: Kysely<Database>,
  filter: { entity: string; entityId?: string | undefined; groupName?: string | undefined; limit: number },
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().where('entity', '=', filter.entity);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.groupName) query = query.where('group_name', '=', filter.groupName);
  const rows = await query.orderBy('at', 'desc').orderBy('id').limit(filter.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.actor,
    groupName: r.group_name,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    before: r.before ? (JSON.parse(r.before) as Record<string, unknown>) : null,
    after: r.after ? (JSON.parse(r.after) as Record<string, unknown>) : null,
  }));
}
