import type { Kysely } from 'kysely';
import type { OriginHealth, OriginPolicy, OriginPolicyInput } from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { usersOf } from '../../core/references.repository.js';
import { createItem, deleteItem, updateItem } from '../../core/write-path.js';
import { healthOf } from '../origin-health/health.repository.js';
import { findPolicyRow } from './origin-policies.repository.js';
import { originPolicyKind, settingsOfRow, type PolicyRow } from './origin-policies.kind.js';

export interface PolicyContext {
  db: Kysely<Database>;
  actor: string;
}

export function toPolicy(
  row: PolicyRow,
  extra: { health?: OriginHealth[] | undefined; usedBy?: string[] | undefined } = {},
): OriginPolicy {
  const usedBy = extra.usedBy ?? [];
  return {
    ...settingsOfRow(row),
    id: row.id,
    groupName: row.group_name,
    policyName: row.policy_name,
    status: row.status,
    lastError: row.last_error,
    health: extra.health ?? [],
    usedBy,
    usageCount: usedBy.length,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const settingsOf = ({ policyName: _name, ...settings }: OriginPolicyInput) => settings;

/** Policies as the API shows them: with their origins' health and their users. */
export async function toPolicies(db: Kysely<Database>, rows: PolicyRow[]): Promise<OriginPolicy[]> {
  const health = await healthOf(
    db,
    rows.map((row) => ({ id: row.id, settings: settingsOfRow(row) })),
  );
  const users = await usersOf(
    db,
    'origin-policy',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPolicy(row, { health: health.get(row.id), usedBy: users.get(row.id) }));
}

export async function createPolicy(
  ctx: PolicyContext,
  groupName: string,
  input: OriginPolicyInput,
): Promise<OriginPolicy> {
  const now = Date.now();
  const row: PolicyRow = {
    id: newId(),
    group_name: groupName,
    policy_name: input.policyName,
    settings: JSON.stringify(settingsOf(input)),
    status: 'Deploying',
    last_error: null,
    created_by: ctx.actor,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await createItem(ctx.db, originPolicyKind, { row, actor: ctx.actor });
  const [created] = await toPolicies(ctx.db, [row]);
  if (!created) throw new AppError('NOT_FOUND');
  return created;
}

/** Saves every field (the name included) over the version that was read. */
export async function updatePolicy(
  ctx: PolicyContext,
  before: PolicyRow,
  input: OriginPolicyInput & { version: number },
): Promise<OriginPolicy> {
  const { version, ...fields } = input;
  const patch = { policy_name: fields.policyName, settings: JSON.stringify(settingsOf(fields)) };
  await updateItem(ctx.db, originPolicyKind, { before, version, patch, actor: ctx.actor });
  const after = await findPolicyRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  const [policy] = await toPolicies(ctx.db, [after]);
  if (!policy) throw new AppError('NOT_FOUND');
  return policy;
}

/** Deletes a policy nothing uses (its health rows go with it); the edge drops it in a task. */
export async function deletePolicy(ctx: PolicyContext, row: PolicyRow): Promise<void> {
  await deleteItem(ctx.db, originPolicyKind, { row, actor: ctx.actor });
}
