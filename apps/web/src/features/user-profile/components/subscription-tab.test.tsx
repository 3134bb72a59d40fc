import { PLANS, type PlatformPlan } from '@parapet/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { ADMIN_USER, group, json, memberOf, renderApp, shellHandlers } from '@/test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await changeLocale('en-US');
});

const plainPlan = (name: keyof typeof PLANS) => {
  const p = PLANS[name];
  return { ...p, wafActions: [...p.wafActions], features: [...p.features], packages: [...p.packages] };
};
const platformPlan = (current: keyof typeof PLANS): PlatformPlan => ({
  currentPlan: current,
  planSpec: [plainPlan('basic'), plainPlan('pro'), plainPlan('enterprise')],
});
const USAGE = {
  maxAppProfileCount: 3,
  maxWafRuleCount: 20,
  maxHtmlPageCount: 0,
  maxCertCount: 7,
  maxOriginPolicyCount: 1,
};

function renderSubscription(path: string, user = memberOf({ alpha: {}, beta: {} })) {
  return renderApp(path, {
    ...shellHandlers(user, [group('alpha'), group('beta', { plan: 'pro' })]),
    'GET /api/system/platformplan': ({ query }) =>
      json(200, platformPlan(query.get('groupName') === 'beta' ? 'pro' : 'basic')),
    'GET /api/group/resource-limits': ({ query }) => {
      const groupName = query.get('groupName') ?? '';
      return json(200, { groupName, plan: plainPlan(groupName === 'beta' ? 'pro' : 'basic'), usage: USAGE });
    },
  });
}

describe('subscription page', () => {
  it("shows the selected group's plan, its WAF actions by name and code, features, and limits beside usage", async () => {
    const { sent } = renderSubscription('/user/subscription?groupName=alpha');
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Basic');
    expect(screen.getByTestId('subscription-waf-actions').textContent).toBe(
      'Allow (00)Deny (01)Redirect (06)Custom Page (12)Origin Policy (13)',
    );
    expect(screen.getByTestId('subscription-features').textContent).toBe(
      'Content deliveryWeb application firewallCustom HTML pages',
    );
    expect(screen.getByTestId('limit-maxAppProfileCount').textContent).toBe('3 of 5 Service Lines');
    expect(screen.getByTestId('limit-maxWafRuleCount').textContent).toBe('20 of 20 Firewall Rules');
    expect(screen.getByTestId('limit-maxHtmlPageCount').textContent).toBe('0 of 10 HTML Pages');
    expect(screen.getByTestId('limit-maxCertCount').textContent).toBe('7 of 20 Certificates');
    expect(screen.getByTestId('limit-maxOriginPolicyCount').textContent).toBe('1 of 10 Origin Policies');
    // A full quota shows as such on its bar.
    expect(screen.getByTestId('limit-maxWafRuleCount').querySelector('.ant-progress-status-exception')).toBeTruthy();
    expect(screen.getByTestId('limit-logRetentionDays').textContent).toContain('Log retention');
    expect(screen.getByTestId('limit-logRetentionDays').textContent).toContain('7days');
    expect(screen.getByTestId('limit-blockPeriodMax').textContent).toContain('3,600seconds');
    expect(screen.getByTestId('limit-maxServerNameInAppProfileCount').textContent).toContain('10domains');
    expect(sent('GET', '/api/group/resource-limits')[0]?.query.get('groupName')).toBe('alpha');
    expect(sent('GET', '/api/system/platformplan')[0]?.query.get('groupName')).toBe('alpha');
  });

  it('follows the selected group, in the chosen language', async () => {
    await changeLocale('zh-TW');
    renderSubscription('/user/subscription?groupName=beta');
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('專業版');
    expect(screen.getByTestId('limit-maxAppProfileCount').textContent).toBe('服務線：已建立 3 / 上限 50');
    expect(screen.getByTestId('waf-action-08').textContent).toBe('週期封鎖 (08)');
  });

  it('asks an admin on "All groups" to pick a group, without calling for a plan', async () => {
    const { sent } = renderSubscription('/user/subscription?groupName=all', ADMIN_USER);
    expect((await screen.findByTestId('subscription-pick-group')).textContent).toContain('Choose a group');
    await waitFor(() => expect(screen.queryByTestId('subscription-plan')).toBeNull());
    expect(sent('GET', '/api/group/resource-limits')).toHaveLength(0);
  });
});
