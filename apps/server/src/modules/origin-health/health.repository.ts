import type { Kysely, Selectable, Transaction } from 'kysely';
import { originPolicySettingsSchema, type OriginHealth, type OriginPolicySettings } from '@parapet/shared';
import { forUpdateSkipLocked } from '../../db/dialect.js';
import type { Database, OriginHealthTable } from '../../db/schema.js';
import { readStoredReason } from './health-state.js';

type Db = Kysely<Database> | Transaction<Database>;
export type HealthRow = Selectable<OriginHealthTable>;

/** What decides how an origin is checked; a change to any of it starts the origin over as unchecked. */
export const checkSignature = (s: OriginPolicySettings): string =>
  JSON.stringify([
    s.healthCheckMode,
    s.healthCheckUri,
    s.healthCheckHttpCode,
    s.healthCheckTimeout,
    s.originscheme,
    s.healthCheckSuccess,
    s.healthCheckFail,
  ]);

/**
 * Makes the policy's health rows match its enabled origins, in the save's transaction: new
 * origins start unchecked and due now, removed or disabled ones are dropped, and when the
 * check itself changed every origin starts over.
 */
export async function syncOriginHealth(
  trx: Transaction<Database>,
  policy: { id: string; groupName: string; settings: OriginPolicySettings },
  checkChanged: boolean,
  now = Date.now(),
): Promise<void> {
  const wanted = new Set(policy.settings.origins.filter((o) => o.enabled).map((o) => o.address));
  const existing = await trx.selectFrom('origin_health').select('address').where('policy_id', '=', policy.id).execute();
  const gone = existing.map((r) => r.address).filter((a) => !wanted.has(a));
  if (gone.length)
    await trx.deleteFrom('origin_health').where('policy_id', '=', policy.id).where('address', 'in', gone).execute();
  if (checkChanged) {
    await trx
      .updateTable('origin_health')
      .set({ health: 'unchecked', passes: 0, failures: 0, checked_at: null, last_error: null, next_check_at: now })
      .where('policy_id', '=', policy.id)
      .execute();
  }
  const have = new Set(existing.map((r) => r.address));
  const fresh = [...wanted].filter((a) => !have.has(a));
  if (fresh.length) {
    await trx
      .insertInto('origin_health')
      .values(
        fresh.map((address) => ({
          policy_id: policy.id,
          address,
          group_name: policy.groupName,
          health: 'unchecked' as const,
          passes: 0,
          failures: 0,
          checked_at: null,
          last_error: null,
          next_check_at: now,
          lease_owner: null,
          lease_until: null,
        })),
      )
      .execute();
  }
}

/** Each policy's origins' health, in the order of its origins. */
export async function healthOf(
  db: Db,
  policies: ReadonlyArray<{ id: string; settings: OriginPolicySettings }>,
): Promise<Map<string, OriginHealth[]>> {
  const out = new Map<string, OriginHealth[]>();
  if (policies.length === 0) return out;
  const rows = await db
    .selectFrom('origin_health')
    .selectAll()
    .where(
      'policy_id',
      'in',
      policies.map((p) => p.id),
    )
    .execute();
  const byKey = new Map(rows.map((r) => [`${r.policy_id}\n${r.address}`, r]));
  for (const policy of policies) {
    const list = policy.settings.origins
      .filter((o) => o.enabled)
      .map((o): OriginHealth => {
        const row = byKey.get(`${policy.id}\n${o.address}`);
        return {
          address: o.address,
          health: row?.health ?? 'unchecked',
          checkedAt: row?.checked_at ?? null,
          ...readStoredReason(row?.last_error ?? null),
        };
      });
    out.set(policy.id, list);
  }
  return out;
}

/**
 * Leases the origins whose check is due to this server. PostgreSQL's SKIP LOCKED lets every
 * server claim at once without two taking the same origin; a lease that runs out (its server
 * died mid-check) makes the origin claimable again.
 */
export async function claimDueOrigins(
  db: Kysely<Database>,
  owner: string,
  leaseMs: number,
  limit: number,
  now = Date.now(),
): Promise<HealthRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await forUpdateSkipLocked(
      trx,
      trx
        .selectFrom('origin_health')
        .select(['policy_id', 'address'])
        .where('next_check_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_check_at')
        .limit(limit),
    ).execute();
    const claimed: HealthRow[] = [];
    for (const { policy_id, address } of due) {
      const row = await trx
        .updateTable('origin_health')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('policy_id', '=', policy_id)
        .where('address', '=', address)
        .returningAll()
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    return claimed;
  });
}

/** The settings of these policies, by id (the checks follow what each policy says). */
export async function policySettingsOf(db: Db, ids: readonly string[]): Promise<Map<string, OriginPolicySettings>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('origin_policies')
    .select(['id', 'settings'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, originPolicySettingsSchema.parse(JSON.parse(r.settings))]));
}

/** Stores a check's outcome if this server still holds the lease; false when it lost it. */
export async function recordCheck(
  db: Db,
  owner: string,
  key: { policyId: string; address: string },
  outcome: Pick<HealthRow, 'health' | 'passes' | 'failures' | 'checked_at' | 'last_error' | 'next_check_at'>,
): Promise<boolean> {
  const res = await db
    .updateTable('origin_health')
    .set({ ...outcome, lease_owner: null, lease_until: null })
    .where('policy_id', '=', key.policyId)
    .where('address', '=', key.address)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
