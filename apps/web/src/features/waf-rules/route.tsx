import { WafRulesPage } from './components/waf-rules-page';

/** /firewall_rules: the selected group's firewall rules (spec §2 Firewall Rules: create, list, log). */
export const Component = WafRulesPage;
