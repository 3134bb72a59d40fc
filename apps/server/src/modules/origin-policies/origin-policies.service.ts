import type { Kysely, Selectable } from 'kysely';
import { originPolicySettingsSchema, type OriginHealth, type OriginPolicy, type OriginPolicyInput, type OriginPolicySettings, type StoreKind } from '@parapet/shared';
import type { Database, OriginPoliciesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { appendAudit } from '../audit/audit.repository.js';
import { enqueueDeploy, taskQueued } from '../deploy/enqueue.js';
import { assertNotDeploying } from '../deploy/entity-status.js';
import { checkSignature, healthOf, syncOriginHealth } from '../origin-health/health.repository.js';
import { removeItem } from '../deploy/remove-item.js';
import { usersOf } from '../references/references.repository.js';
import { createWithinQuota } from '../tenancy/quota.js';
import { countPolicies, findPolicyByName, findPolicyRow, insertPolicyRow, updatePolicyRow } from './origin-policies.repository.js';

type PolicyRow = Selectable<OriginPoliciesTable>;

export interface PolicyContext {
  db: Kysely<Database>;
  kind: StoreKind;
  actor: string;
}

const settingsOfRow = (row: Pick<PolicyRow, 'settings'>): OriginPolicySettings => originPolicySettingsSchema.parse(JSON.parse(row.settings));

export function toPolicy(row: PolicyRow, extra: { health?: OriginHealth[] | undefined; usedBy?: string[] | undefined } = {}): OriginPolicy {
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
  const health = await healthOf(db, rows.map((row) => ({ id: row.id, settings: settingsOfRow(row) })));
  const users = await usersOf(db, 'origin-policy', rows.map((row) => row.id));
  return rows.map((row) => toPolicy(row, { health: health.get(row.id), usedBy: users.get(row.id) }));
}
const auditView = (row: Pick<PolicyRow, 'policy_name' | 'settings'>) => ({ policyName: row.policy_name, ...(JSON.parse(row.settings) as object) });

export async function createPolicy(ctx: PolicyContext, groupName: string, input: OriginPolicyInput): Promise<OriginPolicy> {
  if (await findPolicyByName(ctx.db, groupName, input.policyName)) throw new AppError('ALREADY_EXISTS', { policyName: 'taken' });
  const now = Date.now();
  const settings = settingsOf(input);
  const row = { id: newId(), group_name: groupName, policy_name: input.policyName, settings: JSON.stringify(settings), status: 'Deploying' as const, last_error: null, created_by: ctx.actor, created_at: now, updated_at: now };
  await createWithinQuota(ctx.db, ctx.kind, {
    groupName,
    limit: 'maxOriginPolicyCount',
    count: (trx) => countPolicies(trx, groupName),
    create: async (trx) => {
      await insertPolicyRow(trx, row);
      await syncOriginHealth(trx, { id: row.id, groupName, settings }, false);
      await appendAudit(trx, { actor: ctx.actor, groupName, entity: 'origin-policy', entityId: row.id, action: 'create', before: null, after: auditView(row) });
      await enqueueDeploy(trx, { groupName, entity: 'origin-policy', entityId: row.id, entityName: row.policy_name, operation: 'publish' });
    },
  });
  taskQueued();
  const [created] = await toPolicies(ctx.db, [{ ...row, version: 1 }]);
  if (!created) throw new AppError('NOT_FOUND');
  return created;
}

/** Saves every field (the name included) over the version that was read. */
export async function updatePolicy(ctx: PolicyContext, before: PolicyRow, input: OriginPolicyInput & { version: number }): Promise<OriginPolicy> {
  assertNotDeploying('origin-policy', before.status);
  const { version, ...fields } = input;
  if (fields.policyName !== before.policy_name) {
    const clash = await findPolicyByName(ctx.db, before.group_name, fields.policyName);
    if (clash) throw new AppError('ALREADY_EXISTS', { policyName: 'taken' });
  }
  const settings = settingsOf(fields);
  const patch = { policy_name: fields.policyName, settings: JSON.stringify(settings) };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updatePolicyRow(trx, before.id, version, patch))) throw new AppError('VERSION_CONFLICT');
    await syncOriginHealth(trx, { id: before.id, groupName: before.group_name, settings }, checkSignature(settings) !== checkSignature(settingsOfRow(before)));
    await appendAudit(trx, { actor: ctx.actor, groupName: before.group_name, entity: 'origin-policy', entityId: before.id, action: 'update', before: auditView(before), after: auditView(patch) });
    await enqueueDeploy(trx, { groupName: before.group_name, entity: 'origin-policy', entityId: before.id, entityName: fields.policyName, operation: 'publish' });
  });
  taskQueued();
  const after = await findPolicyRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  const [policy] = await toPolicies(ctx.db, [after]);
  if (!policy) throw new AppError('NOT_FOUND');
  return policy;
}

/** Deletes a policy nothing uses (its health rows go with it); the edge drops it in a task. */
export async function deletePolicy(ctx: PolicyContext, row: PolicyRow): Promise<void> {
  await removeItem(ctx.db, ctx.actor, { entity: 'origin-policy', id: row.id, groupName: row.group_name, name: row.policy_name, status: row.status, auditBefore: auditView(row) });
}
