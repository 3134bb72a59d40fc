import type { Kysely, Selectable } from 'kysely';
import { originPolicySettingsSchema, type OriginPolicy, type OriginPolicyInput, type StoreKind } from '@parapet/shared';
import type { Database, OriginPoliciesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { appendAudit } from '../audit/audit.repository.js';
import { createWithinQuota } from '../tenancy/quota.js';
import { countPolicies, deletePolicyRow, findPolicyByName, findPolicyRow, insertPolicyRow, updatePolicyRow } from './origin-policies.repository.js';

type PolicyRow = Selectable<OriginPoliciesTable>;

export interface PolicyContext {
  db: Kysely<Database>;
  kind: StoreKind;
  actor: string;
}

export function toPolicy(row: PolicyRow): OriginPolicy {
  return {
    ...originPolicySettingsSchema.parse(JSON.parse(row.settings)),
    id: row.id,
    groupName: row.group_name,
    policyName: row.policy_name,
    status: row.status,
    // Service lines (the next issue) count here; nothing uses a policy before them.
    usageCount: 0,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const settingsOf = ({ policyName: _name, ...settings }: OriginPolicyInput) => settings;
const auditView = (row: Pick<PolicyRow, 'policy_name' | 'settings'>) => ({ policyName: row.policy_name, ...(JSON.parse(row.settings) as object) });

export async function createPolicy(ctx: PolicyContext, groupName: string, input: OriginPolicyInput): Promise<OriginPolicy> {
  if (await findPolicyByName(ctx.db, groupName, input.policyName)) throw new AppError('ALREADY_EXISTS', { policyName: 'taken' });
  const now = Date.now();
  const row = { id: newId(), group_name: groupName, policy_name: input.policyName, settings: JSON.stringify(settingsOf(input)), status: 'Running' as const, created_by: ctx.actor, created_at: now, updated_at: now };
  await createWithinQuota(ctx.db, ctx.kind, {
    groupName,
    limit: 'maxOriginPolicyCount',
    count: (trx) => countPolicies(trx, groupName),
    create: async (trx) => {
      await insertPolicyRow(trx, row);
      await appendAudit(trx, { actor: ctx.actor, groupName, entity: 'origin-policy', entityId: row.id, action: 'create', before: null, after: auditView(row) });
    },
  });
  return toPolicy({ ...row, version: 1 });
}

/** Saves every field (the name included) over the version that was read. */
export async function updatePolicy(ctx: PolicyContext, before: PolicyRow, input: OriginPolicyInput & { version: number }): Promise<OriginPolicy> {
  const { version, ...fields } = input;
  if (fields.policyName !== before.policy_name) {
    const clash = await findPolicyByName(ctx.db, before.group_name, fields.policyName);
    if (clash) throw new AppError('ALREADY_EXISTS', { policyName: 'taken' });
  }
  const patch = { policy_name: fields.policyName, settings: JSON.stringify(settingsOf(fields)) };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updatePolicyRow(trx, before.id, version, patch))) throw new AppError('VERSION_CONFLICT');
    await appendAudit(trx, { actor: ctx.actor, groupName: before.group_name, entity: 'origin-policy', entityId: before.id, action: 'update', before: auditView(before), after: auditView(patch) });
  });
  const after = await findPolicyRow(ctx.db, before.id);
  if (!after) throw new AppError('NOT_FOUND');
  return toPolicy(after);
}

export async function deletePolicy(ctx: PolicyContext, row: PolicyRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deletePolicyRow(trx, row.id);
    await appendAudit(trx, { actor: ctx.actor, groupName: row.group_name, entity: 'origin-policy', entityId: row.id, action: 'delete', before: auditView(row), after: null });
  });
}
