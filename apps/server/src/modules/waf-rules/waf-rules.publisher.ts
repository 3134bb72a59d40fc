import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeRecord } from '../deploy/edge-files.js';
import { findPageByName } from '../html-pages/html-pages.repository.js';
import { findPolicyIdsByName } from '../origin-policies/origin-policies.repository.js';
import { namedItems, settingsOfRow } from './waf-rules.kind.js';
import { findWafRuleRow } from './waf-rules.repository.js';

const file = (id: string) => `waf-rules/${id}.json`;

/**
 * The edge's view of a rule: every setting, and the page or policy its action uses by id (the
 * edge files are named by id; their own tasks keep them current). Lines list their rules by id.
 */
export const wafRulePublisher: Publisher = {
  async publish({ db, edge }, id) {
    const row = await findWafRuleRow(db, id);
    if (!row) return;
    const settings = settingsOfRow(row);
    const named = namedItems(settings);
    const page = named.page ? await findPageByName(db, row.group_name, named.page.name) : undefined;
    const policyId = named.policy
      ? (await findPolicyIdsByName(db, row.group_name, [named.policy])).get(named.policy)
      : undefined;
    const rule = {
      id: row.id,
      group: row.group_name,
      name: row.rule_name,
      version: row.version,
      ...settings,
      htmlPageId: page?.id ?? null,
      originPolicyId: policyId ?? null,
    };
    writeRecord(edge, file(id), `${JSON.stringify(rule, null, 2)}\n`);
  },
  async remove({ edge }, id) {
    removeRecords(edge, file(id));
  },
};
