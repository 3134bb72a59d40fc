import type { Kysely } from 'kysely';
import {
  planOf,
  uncoveredDomains,
  UNLIMITED_DOMAINS,
  type DeployEntity,
  type ServiceLineSettings,
} from '@parapet/shared';
import type { Database } from '../../db/schema.js';
import type { OriginGuard } from '../../lib/origin-guard.js';
import { findCertByName } from '../certs/certs.repository.js';
import { findGroup } from '../groups/groups.repository.js';
import { findPageByName } from '../html-pages/html-pages.repository.js';
import { ensureDefaultPage } from '../html-pages/html-pages.service.js';
import { findPolicyIdsByName } from '../origin-policies/origin-policies.repository.js';
import { findWafRulesByName } from '../waf-rules/waf-rules.repository.js';
import { domainOwners } from './service-lines.repository.js';

export interface ResolvedLine {
  /** The items the line uses, for `setReferences` and the edge configuration. */
  targets: Array<{ entity: DeployEntity; id: string }>;
  /** Field path → field code of everything that does not hold; empty when all is well. */
  fields: Record<string, string>;
  /** Field path → what its message quotes that only the store knows (the line that has a domain). */
  fieldParams: Record<string, Record<string, string>>;
  /** The line's domains its own certificate does not cover; empty without one. */
  uncovered: string[];
}

/**
 * The checks a line needs the store for, all made so that every problem is reported at once:
 * the customer package is one of the group plan's, the certificate, error page and origin
 * policies it names exist in its group, its domains belong to no other line, their number
 * is within the plan's and the line's own cap, its own origins (when it uses them rather
 * than policies) are public addresses unless ALLOW_PRIVATE_ORIGINS is set, and the firewall
 * rules it lists are rules of its group, each listed once.
 */
export async function resolveLine(
  db: Kysely<Database>,
  groupName: string,
  settings: ServiceLineSettings,
  lineId: string | null,
  originGuard: OriginGuard,
): Promise<ResolvedLine> {
  const fields: Record<string, string> = settings.useOriginPolicy
    ? {}
    : await originGuard.problemsOf(settings.origins, 'origins');
  const fieldParams: ResolvedLine['fieldParams'] = {};
  let uncovered: string[] = [];
  const targets: ResolvedLine['targets'] = [];
  const group = await findGroup(db, groupName);
  const plan = planOf(group?.plan ?? '');
  if (!plan.packages.includes(settings.customerPackage)) fields['customerPackage'] = 'invalid_value';

  const domainCap = plan.resourceLimits.maxServerNameInAppProfileCount;
  if (settings.servername.length > domainCap) fields['servername'] = 'too_big';
  if (
    settings.maxServerNameInAppProfileCount !== UNLIMITED_DOMAINS &&
    settings.servername.length > settings.maxServerNameInAppProfileCount
  )
    fields['servername'] = 'too_big';
  const owners = await domainOwners(db, settings.servername);
  settings.servername.forEach((domain, i) => {
    const owner = owners.get(domain);
    if (owner !== undefined && owner.id !== lineId) {
      fields[`servername.${i}`] = 'taken';
      // A domain is unique across groups, so that it is taken is said to anyone; which line has
      // it only to the line's own group: another group's line names are theirs (issue 16 item 5).
      fieldParams[`servername.${i}`] =
        owner.groupName === groupName ? { value: domain, usedBy: owner.name } : { value: domain };
    }
  });

  if (settings.scheme.includes('https') && !settings.useSystemCert && settings.keypairname) {
    const cert = await findCertByName(db, groupName, settings.keypairname);
    if (cert) {
      targets.push({ entity: 'cert', id: cert.id });
      uncovered = uncoveredDomains(
        { commonName: cert.common_name, san: JSON.parse(cert.san) as string[] },
        settings.servername,
      );
    } else fields['keypairname'] = 'not_found';
  }

  await ensureDefaultPage(db, groupName);
  const page = await findPageByName(db, groupName, settings.errorHtmlPageName);
  if (page) targets.push({ entity: 'html-page', id: page.id });
  else fields['errorHtmlPageName'] = 'not_found';

  if (settings.useOriginPolicy) {
    const names = [...new Set(settings.usedOriginPolicies.map((row) => row.originPolicyName))];
    const idOf = await findPolicyIdsByName(db, groupName, names);
    settings.usedOriginPolicies.forEach((row, i) => {
      const id = idOf.get(row.originPolicyName);
      if (id) targets.push({ entity: 'origin-policy', id });
      else fields[`usedOriginPolicies.${i}.originPolicyName`] = 'not_found';
    });
  }

  // The line's rules, in order: each a rule of the group, named once.
  const ruleNames = settings.usedWafRules.map((rule) => rule.value);
  const rules = await findWafRulesByName(db, groupName, ruleNames);
  settings.usedWafRules.forEach((rule, i) => {
    const found = rules.get(rule.value);
    if (!found) fields[`usedWafRules.${i}.value`] = 'not_found';
    else if (ruleNames.indexOf(rule.value) !== i) fields[`usedWafRules.${i}.value`] = 'duplicate_entry';
    else targets.push({ entity: 'waf-rule', id: found.id });
  });
  return { targets, fields, fieldParams, uncovered };
}
