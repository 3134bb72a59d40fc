import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeRecord } from '../deploy/edge-files.js';
import { healthOf } from '../origin-health/health.repository.js';
import { settingsOfRow } from './origin-policies.kind.js';
import { findPolicyRow } from './origin-policies.repository.js';

const file = (id: string) => `origin-policies/${id}.json`;

/**
 * The edge's view of a policy: its upstream (origins, balancing, checks) by id, with the origins
 * the health checks found down, which the edge leaves out until they are back (a change of
 * health publishes the policy again, origin-health/scheduler.ts). Service lines and the
 * origin-policy rule action refer to it by that id.
 */
export const originPolicyPublisher: Publisher = {
  async publish({ db, edge }, id) {
    const row = await findPolicyRow(db, id);
    if (!row) return;
    const settings = settingsOfRow(row);
    const health = (await healthOf(db, [{ id: row.id, settings }])).get(row.id) ?? [];
    const upstream = {
      id: row.id,
      group: row.group_name,
      name: row.policy_name,
      version: row.version,
      ...settings,
      unhealthy: health.filter((h) => h.health === 'unhealthy').map((h) => h.address),
    };
    writeRecord(edge, file(id), `${JSON.stringify(upstream, null, 2)}\n`);
  },
  async remove({ edge }, id) {
    removeRecords(edge, file(id));
  },
};
