// The service lines and firewall rules the analytics benchmarks generate traffic for: one group
// with three lines (two with rules, one without) and a neighbouring group, so every query also
// proves it reads one group only.
import { wafRuleSettingsSchema, type EvaluatedRule } from '@parapet/shared';
import type { SimulatedLine } from '../../apps/server/src/tools/simulate/traffic-generator.js';

const rule = (ruleName: string, settings: Record<string, unknown>): EvaluatedRule => ({
  ...wafRuleSettingsSchema.parse(settings),
  ruleName,
  isEnabled: true,
});
const RULES: EvaluatedRule[] = [
  rule('log_scanners', { wafAction: '04', wafUri: ['/wp-login.php', '/.env', '/.git/config'] }),
  rule('deny_sqli', { wafAction: '01', wafOwasp: ['41000_sqli'] }),
  rule('challenge_xss', { wafAction: '03', wafOwasp: ['42000_xss'] }),
  rule('block_floods', { wafAction: '08', wafRate: '100/1' }),
  rule('deny_tools', { wafAction: '01', wafHeaders: ['user-agent:(sqlmap|Nikto|zgrab)'] }),
];
export const GROUP = 'bench';
export const LINES: SimulatedLine[] = [
  {
    groupName: GROUP,
    customerPackage: 'enterprise',
    lineName: 'shop',
    domains: ['shop.example.com', 'www.example.com'],
    rules: RULES,
  },
  {
    groupName: GROUP,
    customerPackage: 'enterprise',
    lineName: 'static',
    domains: ['static.example.com'],
    rules: RULES.slice(3),
  },
  { groupName: GROUP, customerPackage: 'enterprise', lineName: 'blog', domains: ['blog.example.com'], rules: [] },
  { groupName: 'neighbour', customerPackage: 'basic', lineName: 'other', domains: ['other.example.net'], rules: [] },
];
