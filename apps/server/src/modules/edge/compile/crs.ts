import { WAF_OWASP_CATEGORIES, type WafOwaspCategory } from '@parapet/shared';
import type { EdgeLayout } from './model.js';
import { CRS_MASK_MAX, CRS_STATUS_BASE } from './line-conf.js';

/**
 * OWASP CRS as a judge, not a gate (docs/edge.md, "OWASP categories"). CRS 3.3 scores a request;
 * which categories it flagged is what a rule's `wafOwasp` asks, and the rule decides what the
 * visitor gets. ModSecurity cannot hand nginx a variable, so:
 *  - after each CRS file, in both phases, the anomaly score gained since the last file is added
 *    to that file's category (CRS keeps no per-category score for most of them);
 *  - at the end, a request with any category flagged is "denied" with status 530 + the mask of
 *    categories (bit i = WAF_OWASP_CATEGORIES[i]); the line's `error_page` sends that status to
 *    `@parapet_crs`, where the Lua handler reads the mask from the status and runs the request
 *    again with CRS off for this pass (the marker header carries a secret of this edge);
 *  - CRS's own blocking evaluation (949) and the response rules are left out.
 */

/** Which category each CRS request file's rules belong to (by the CRS file number). */
const CATEGORY_OF_FILE: Record<string, WafOwaspCategory> = {
  '911': '20000_http_violation',
  '913': '35000_user_agent',
  '920': '20000_http_violation',
  '921': '21000_http_anomaly',
  '930': '40000_generic_attack',
  '931': '40000_generic_attack',
  '932': '40000_generic_attack',
  '933': '40000_generic_attack',
  '934': '40000_generic_attack',
  '941': '42000_xss',
  '942': '41000_sqli',
  '943': '40000_generic_attack',
  '944': '40000_generic_attack',
};

/** The header that marks the edge's second pass; Lua removes it before the origin sees it. */
export const CRS_PASS_HEADER = 'X-Parapet-Crs';

export const categoryBit = (category: WafOwaspCategory) => 1 << WAF_OWASP_CATEGORIES.indexOf(category);

const fileNumber = (file: string) => /REQUEST-(\d{3})/.exec(file)?.[1] ?? null;

/** The CRS request files the edge loads: initialisation and the attack files, not 949 onwards. */
export function crsRequestFiles(all: readonly string[]): string[] {
  return all
    .filter((file) => {
      const n = fileNumber(file);
      return n !== null && Number(n) < 949;
    })
    .sort();
}

export function crsConf(layout: EdgeLayout): string {
  const varOf = (category: WafOwaspCategory) => `tx.parapet_${category.split('_')[0]}`;
  let id = 9_990_000;
  const out = [
    '# OWASP CRS as a judge for Parapet rules (apps/server/src/modules/edge/compile/crs.ts).',
    'SecRuleEngine On',
    'SecRequestBodyAccess On',
    'SecRequestBodyLimit 13107200',
    'SecRequestBodyNoFilesLimit 131072',
    'SecRequestBodyLimitAction ProcessPartial',
    'SecResponseBodyAccess Off',
    'SecAuditEngine Off',
    'SecDebugLogLevel 0',
    'SecArgumentSeparator &',
    'SecCookieFormat 0',
    `SecRule REQUEST_HEADERS:${CRS_PASS_HEADER} "@streq ${layout.crsToken}" "id:${id++},phase:1,pass,nolog,ctl:ruleEngine=Off"`,
    `Include ${layout.crs.setup}`,
    `SecAction "id:${id++},phase:1,pass,nolog,${['tx.parapet_seen', 'tx.parapet_now', ...WAF_OWASP_CATEGORIES.map(varOf)].map((v) => `setvar:${v}=0`).join(',')}"`,
  ];
  const snapshot = (category: WafOwaspCategory | null) => {
    for (const phase of [1, 2]) {
      const actions = [
        'setvar:tx.parapet_now=%{tx.anomaly_score_pl1}',
        'setvar:tx.parapet_now=+%{tx.anomaly_score_pl2}',
        'setvar:tx.parapet_now=+%{tx.anomaly_score_pl3}',
        'setvar:tx.parapet_now=+%{tx.anomaly_score_pl4}',
        ...(category
          ? [`setvar:${varOf(category)}=+%{tx.parapet_now}`, `setvar:${varOf(category)}=-%{tx.parapet_seen}`]
          : []),
        'setvar:tx.parapet_seen=%{tx.parapet_now}',
      ];
      out.push(`SecAction "id:${id++},phase:${phase},pass,nolog,${actions.join(',')}"`);
    }
  };
  for (const file of crsRequestFiles(layout.crs.ruleFiles)) {
    out.push(`Include ${layout.crs.rulesDir}/${file}`);
    const n = fileNumber(file)!;
    // The initialisation files set the scores to zero; the snapshot after them is the baseline.
    snapshot(CATEGORY_OF_FILE[n] ?? null);
  }
  out.push(`SecAction "id:${id++},phase:2,pass,nolog,setvar:tx.parapet_mask=0"`);
  for (const category of WAF_OWASP_CATEGORIES)
    out.push(
      `SecRule TX:${varOf(category).slice(3)} "@gt 0" "id:${id++},phase:2,pass,nolog,setvar:tx.parapet_mask=+${categoryBit(category)}"`,
    );
  for (let mask = 1; mask <= CRS_MASK_MAX; mask++)
    out.push(`SecRule TX:PARAPET_MASK "@eq ${mask}" "id:${id++},phase:2,deny,status:${CRS_STATUS_BASE + mask},nolog"`);
  return `${out.join('\n')}\n`;
}
