import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEPLOYED_WITHIN_MS, DEPLOYING_TEST_TIMEOUT_MS } from './fixtures/deploy';
import { test as signedIn } from './fixtures/admin-session';
import { signIn } from './fixtures/sign-in';

// Firewall rules in the browser against the real server: write a deny rule for a network in
// the rules screen, put it first on a line in the line's Firewall Rules tab, watch the line
// deploy, and try it in the rule tester with an address inside and outside the network, in
// English and in Simplified Chinese. Each test has a group of its own, so the lines other tests
// make in the default group never fill its plan's quota.
const CSRF = { 'x-requested-with': 'parapet' };
const NETWORK = '203.0.113.0/24';
const INSIDE = '203.0.113.7';
const OUTSIDE = '198.51.100.7';

async function post(request: APIRequestContext, path: string, data: object) {
  const res = await request.post(path, { headers: CSRF, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * A new group with a line that already has one rule (an allow for /health), so the new rule has
 * a place to move to.
 */
async function lineWithOneRule(request: APIRequestContext, group: string, line: string, first: string) {
  await post(request, '/api/groups', { name: group });
  await post(request, '/api/waf-rules', { groupName: group, ruleName: first, wafAction: '00', wafUri: ['^/health$'] });
  await post(request, '/api/table/rcm-app-profiles/update/create', {
    groupName: group,
    appProfileName: line,
    customerPackage: 'standard',
    servername: [`${line.replace('.', '-')}.example.com`],
    origins: [{ address: '127.0.0.1' }],
    usedWafRules: [{ value: first, isEnabled: true }],
  });
}

const lineTab = (group: string, line: string) => `/service/overview/${line}/${group}?groupName=${group}&tab=firewall`;

/** Opens the tester from the line's tab, asks about one client address and reads the answer. */
async function tryAddress(page: Page, host: string, address: string) {
  await page.getByTestId('tester-url').fill(`https://${host}/`);
  await page.getByTestId('tester-client-ip').fill(address);
  await page.getByTestId('tester-run').click();
  await expect(page.getByTestId('tester-result')).toBeVisible();
}

signedIn(
  'writes a deny rule for a network, puts it first on a line, watches it deploy, and tries it in the tester',
  async ({ page }) => {
    test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
    const group = 'e2e-waf';
    const line = 'e2e.waf';
    const rule = 'e2e_deny_range';
    const host = 'e2e-waf.example.com';
    await lineWithOneRule(page.request, group, line, 'e2e_allow_health');

    // The rule, written in the form: Deny (its page defaults to the built-in one) for one network.
    await page.goto(`/firewall_rules?groupName=${group}`);
    await page.getByTestId('waf-rule-create').click();
    await page.getByTestId('waf-rule-ruleName').fill(rule);
    await page.getByTestId('waf-rule-wafAction').click();
    await page.getByTestId('waf-rule-wafAction-01').click();
    // Said before going on: a run on a loaded machine once saved this rule with another action
    // (it matched, and the request passed), and only the tester's answer, much later, showed it.
    await expect(page.getByTestId('waf-rule-wafAction')).toContainText('Deny');
    await page.getByTestId('waf-rule-wafIp').fill(NETWORK);
    await page.getByTestId('waf-rule-submit').click();
    await expect(page.getByTestId(`waf-rule-status-${rule}`)).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
    await expect(page.getByTestId(`waf-rule-usage-${rule}`)).toHaveText('0');

    // On the line: added from the group's unused rules, moved first, saved, deployed.
    await page.goto(lineTab(group, line));
    await expect(page.getByTestId('service-status')).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
    await page.getByTestId('tab-edit-firewall').click();
    await page.getByTestId('waf-rules-add').click();
    const addModal = page.getByTestId('waf-rules-add-modal');
    await expect(addModal.getByTestId('waf-rules-add-row-e2e_allow_health')).toHaveCount(0);
    await addModal.getByTestId(`waf-rules-add-row-${rule}`).getByRole('checkbox').check();
    await addModal.getByTestId('waf-rules-add-ok').click();
    await page.getByTestId(`waf-rule-up-${rule}`).click();
    await page.getByTestId('tab-save-firewall').click();
    await page.getByTestId('confirm-ok').click();
    const status = page.getByTestId('service-status');
    await expect(status).toHaveText('Deploying');
    await expect(status).toHaveText('Running', { timeout: DEPLOYED_WITHIN_MS });
    const rows = page.getByTestId('tab-read-firewall').locator('[data-testid^="waf-rule-row-"]');
    await expect(rows.first()).toHaveAttribute('data-testid', `waf-rule-row-${rule}`);
    await expect(rows.nth(1)).toHaveAttribute('data-testid', 'waf-rule-row-e2e_allow_health');

    // The tester, on the line's saved rules: inside the network the visitor gets the deny page.
    await page.getByTestId('waf-rules-test').click();
    await tryAddress(page, host, INSIDE);
    await expect(page.getByTestId(`tester-verdict-${rule}`)).toHaveText('Matched');
    await expect(page.getByTestId('tester-outcome-result')).toContainText('403');
    await expect(page.getByTestId('tester-outcome-page')).toHaveText('default');
    // Outside it the rule does not match and the request goes on to the origin.
    await tryAddress(page, host, OUTSIDE);
    await expect(page.getByTestId(`tester-verdict-${rule}`)).toHaveText('Not matched');
    await expect(page.getByTestId('tester-outcome-decidedBy')).toHaveText(
      'No rule ended the check: the request goes on to the origin.',
    );

    // The rule list now counts the line as a user of the rule.
    await page.goto(`/firewall_rules?groupName=${group}`);
    await expect(page.getByTestId(`waf-rule-usage-${rule}`)).toHaveText('1');
  },
);

test.describe('in Simplified Chinese', () => {
  test.use({ locale: 'en-US' });

  test('the tester answers in Chinese for an address inside and outside the network', async ({ page }) => {
    test.setTimeout(DEPLOYING_TEST_TIMEOUT_MS);
    const group = 'e2e-waf-zh';
    const line = 'e2e.waf-zh';
    const rule = 'e2e_deny_range_zh';
    await page.goto('/login');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('locale-zh-CN').click();
    await signIn(page);
    await lineWithOneRule(page.request, group, line, 'e2e_allow_health_zh');
    await post(page.request, '/api/waf-rules', { groupName: group, ruleName: rule, wafAction: '01', wafIp: [NETWORK] });

    await page.goto(lineTab(group, line));
    await expect(page.getByTestId('service-status')).toHaveText('运行中', { timeout: DEPLOYED_WITHIN_MS });
    await page.getByTestId('tab-edit-firewall').click();
    await page.getByTestId('waf-rules-add').click();
    await page.getByTestId(`waf-rules-add-row-${rule}`).getByRole('checkbox').check();
    await page.getByTestId('waf-rules-add-ok').click();
    await page.getByTestId(`waf-rule-up-${rule}`).click();
    // Tried before saving: the tester takes the list as the tab holds it.
    await page.getByTestId('waf-rules-test').click();
    await tryAddress(page, 'e2e-waf-zh.example.com', INSIDE);
    await expect(page.getByTestId(`tester-verdict-${rule}`)).toHaveText('匹配');
    await expect(page.getByTestId('tester-outcome-result')).toContainText('403');
    await tryAddress(page, 'e2e-waf-zh.example.com', OUTSIDE);
    await expect(page.getByTestId(`tester-verdict-${rule}`)).toHaveText('不匹配');
  });
});
