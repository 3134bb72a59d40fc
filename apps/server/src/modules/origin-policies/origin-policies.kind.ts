import type { Selectable } from 'kysely';
import { originPolicySettingsSchema, type OriginPolicySettings } from '@parapet/shared';
import type { OriginPoliciesTable } from '../../db/schema.js';
import type { DeployedKind } from '../../core/registry.js';
import { checkSignature, syncOriginHealth } from '../origin-health/health.repository.js';
import { originPolicyPublisher } from './origin-policies.publisher.js';
import { countPolicies } from './origin-policies.repository.js';

export type PolicyRow = Selectable<OriginPoliciesTable>;

export const settingsOfRow = (row: Pick<PolicyRow, 'settings'>): OriginPolicySettings =>
  originPolicySettingsSchema.parse(JSON.parse(row.settings));

/** Origin policies as a deployed kind (see docs/deployed-kinds.md). */
export const originPolicyKind: DeployedKind<PolicyRow, void> = {
  entity: 'origin-policy',
  table: 'origin_policies',
  nameColumn: 'policy_name',
  nameField: 'policyName',
  deployingCode: 'ORIGIN_POLICY_DEPLOYING',
  quota: { limit: 'maxOriginPolicyCount', count: countPolicies },
  publisher: originPolicyPublisher,
  nameOf: (row) => row.policy_name,
  auditView: (row) => ({ policyName: row.policy_name, ...(JSON.parse(row.settings) as object) }),
  hooks: {
    // The origins' health rows follow the saved origins; a changed check starts them over.
    async written(trx, row, before) {
      const settings = settingsOfRow(row);
      const checkChanged = before !== null && checkSignature(settings) !== checkSignature(settingsOfRow(before));
      await syncOriginHealth(trx, { id: row.id, groupName: row.group_name, settings }, checkChanged);
    },
  },
};
