import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { json, type ApiHandlers } from '@/test/render-app';
import { click, confirmTitle, LINE, LINE_PATH, renderLine, UPDATE_PATH } from '../setting/service-overview.fixtures';

// The Firewall Rules tab's test data and steps, shared by its tests.

/** A rule of the group as GET /api/waf-rules lists it (the tab reads name, id, action and description). */
export const rule = (ruleName: string, wafAction: string, description = '') => ({
  id: `id-${ruleName}`,
  ruleName,
  wafAction,
  description,
});

export const GROUP_RULES = [
  rule('allow_office', '00', 'The office network'),
  rule('block_bots', '01'),
  rule('deny_tor', '01'),
  rule('log_api', '04'),
  rule('redirect_old', '06'),
];

export const USED = [
  { value: 'block_bots', isEnabled: true },
  { value: 'log_api', isEnabled: false },
  { value: 'allow_office', isEnabled: true },
];

export const WITH_RULES = { ...LINE, usedWafRules: USED };

/** The line WITH_RULES on its Firewall Rules tab, the group's rules listed and saves accepted. */
export function renderFirewall(handlers: ApiHandlers = {}, line = WITH_RULES) {
  return renderLine('groupName=acme&tab=firewall', {
    [`GET ${LINE_PATH}`]: () => json(200, line),
    'GET /api/waf-rules': () => json(200, { items: GROUP_RULES, total: GROUP_RULES.length }),
    [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: 'task-9' }),
    ...handlers,
  });
}

/** The rule names of the table's rows, top to bottom. */
export const rowNames = () =>
  within(screen.getByTestId('waf-rules-table'))
    .getAllByRole('row')
    .map((row) => row.getAttribute('data-testid'))
    .filter((id): id is string => id !== null)
    .map((id) => id.replace('waf-rule-row-', ''));

/** Opens the tab's form and waits until the group's rules are read (their actions show). */
export async function openEditor(handlers: ApiHandlers = {}, line = WITH_RULES) {
  const rendered = renderFirewall(handlers, line);
  await screen.findByTestId('tab-edit-firewall');
  click('tab-edit-firewall');
  await screen.findByTestId('tab-save-firewall');
  await waitFor(() => expect(within(screen.getByTestId('waf-rule-row-log_api')).getByText('Log')).toBeTruthy());
  return rendered;
}

export async function saveAndConfirm() {
  click('tab-save-firewall');
  expect(await confirmTitle()).toBe('Are you sure want to proceed?');
  click('confirm-ok');
}
