import { fireEvent, screen, within } from '@testing-library/react';
import { fullAccess, PLANS, wafRuleSettingsSchema, type PlanName, type WafRule } from '@parapet/shared';
import { json, memberOf, renderApp, shellHandlers, type ApiHandlers } from '@/test/render-app';

// What the screen's tests share: rules as the API lists them, the group's limits and the steps.

export const rule = (ruleName: string, extra: Partial<WafRule> = {}): WafRule => ({
  ...wafRuleSettingsSchema.parse({}),
  id: `id-${ruleName}`,
  groupName: 'acme',
  ruleName,
  status: 'Running',
  lastError: null,
  usedBy: [],
  usageCount: 0,
  createdBy: 'ada',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  version: 2,
  ...extra,
});

export const RULES = [
  rule('block_bad', {
    wafAction: '01',
    wafIp: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32', '192.0.2.1'],
    wafRate: '200/1',
    wafIpExclude: ['203.0.113.9'],
    description: 'Known scanners',
    usedBy: ['shop', 'blog'],
    usageCount: 2,
  }),
  rule('slow_api', { wafAction: '05', wafUri: ['^/api/'], status: 'Deploying', lastError: 'edge unreachable' }),
];

/** The group's limits answer: `created` rules of the plan's quota. */
export const limits = (created: number, plan: PlanName = 'basic') =>
  json(200, { groupName: 'acme', plan: PLANS[plan], usage: { maxWafRuleCount: created } });

export const renderRules = (handlers: ApiHandlers = {}, role = fullAccess()) =>
  renderApp('/firewall_rules?groupName=acme', {
    ...shellHandlers(memberOf({ acme: role })),
    'GET /api/waf-rules': () => json(200, { items: RULES, total: RULES.length }),
    'GET /api/group/resource-limits': () => limits(RULES.length),
    'GET /api/html-pages': () =>
      json(200, { items: [{ htmlPageName: 'default' }, { htmlPageName: 'sorry' }], total: 2 }),
    'GET /api/origin-policies': () => json(200, { items: [{ policyName: 'backup_pool' }], total: 1 }),
    'GET /api/validate/documentexist': () => json(200, { exist: false }),
    ...handlers,
  });

export const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
export const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
export const openList = () => screen.findByTestId('waf-rule-row-block_bad');
export const headers = () =>
  [...within(screen.getByTestId('waf-rules-table')).getAllByRole('columnheader')].map((h) => h.textContent);

/** The messages under a form field, by the field's test id (on the input or around the item). */
export const errorsOf = (name: string) => {
  const field = screen.getByTestId(`waf-rule-${name}`);
  const item = field.closest('.ant-form-item') ?? field.querySelector('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((e) => e.textContent);
};

export const openCreate = async () => {
  click('waf-rule-create');
  await screen.findByTestId('waf-rule-ruleName');
};

/** Opens the select `testId` and picks the option `<testId>-<value>`. */
export const pick = async (testId: string, value: string) => {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTestId(`${testId}-${value}`));
};
