import { pickSpec } from '../setting/line-form';
import { SettingTab } from '../setting/setting-tab';
import { FirewallEditor } from './firewall-editor';
import { FirewallRead } from './firewall-read';

const spec = pickSpec(['usedWafRules']);

/**
 * The line's ordered firewall rules (GLOSSARY §1.4): read as saved, or, with the tab's write,
 * edited like any tab (order, switches, add, remove) and saved with the whole line, which
 * deploys it.
 */
export function FirewallTab() {
  return (
    <SettingTab
      tab="firewall"
      read={<FirewallRead />}
      spec={spec}
      fields={(context) => <FirewallEditor {...context} />}
    />
  );
}
