import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeRecord } from '../deploy/edge-files.js';
import { findPolicyRow } from './origin-policies.repository.js';

const file = (id: string) => `origin-policies/${id}.json`;

/**
 * The edge's view of a policy: its upstream (origins, balancing, checks) by id. Service lines
 * and the origin-policy rule action refer to it by that id.
 */
export const originPolicyPublisher: Publisher = {
  async publish({ db, edge }, id) {
    const row = await findPolicyRow(db, id);
    if (!row) return;
    const upstream = {
      id: row.id,
      group: row.group_name,
      name: row.policy_name,
      version: row.version,
      ...(JSON.parse(row.settings) as object),
    };
    writeRecord(edge, file(id), `${JSON.stringify(upstream, null, 2)}\n`);
  },
  async remove({ edge }, id) {
    removeRecords(edge, file(id));
  },
};
