import { act, screen, waitFor } from '@testing-library/react';
import type { WafDryRunAnswer } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json } from '@/test/render-app';
import { click, errorsOf, limits, openCreate, openList, pick, renderRules, type } from '../waf-rules.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

const DRY_RUN = 'POST /api/waf-rules/dry-run';
const answer = (patch: Partial<WafDryRunAnswer> = {}): WafDryRunAnswer => ({
  matched: 1234,
  examined: 5678,
  totalInRange: 5678,
  sampled: false,
  from: 1_700_000_000_000,
  to: 1_700_086_400_000,
  unjudged: [],
  ...patch,
});
const line = () => screen.findByTestId('waf-rule-dry-run-line');

describe('the rule dry run in the form', () => {
  it('sends the rule as the form holds it, without its name, and says how many it would have matched', async () => {
    const { sent } = renderRules({ [DRY_RUN]: () => json(200, answer()) });
    await openList();
    await openCreate();
    type('waf-rule-wafUri', '^/admin\n\n^/wp-login');
    click('waf-rule-dry-run-check');
    expect((await line()).textContent).toBe('Would have matched 1,234 of the 5,678 requests in the last 24 h.');
    const body = sent('POST', '/api/waf-rules/dry-run')[0]?.body as {
      groupName: string;
      rule: Record<string, unknown>;
    };
    expect(body.groupName).toBe('acme');
    expect(body.rule).toMatchObject({ wafUri: ['^/admin', '^/wp-login'], wafIp: ['0.0.0.0/0', '::/0'] });
    expect(body.rule).not.toHaveProperty('ruleName');
    expect(screen.queryByTestId('waf-rule-dry-run-unjudged')).toBeNull();
    expect(screen.queryByTestId('waf-rule-dry-run-outdated')).toBeNull();

    // A change to the rule marks the answer as older than the rule; the name does not.
    type('waf-rule-ruleName', 'block_admin');
    await act(async () => {});
    expect(screen.queryByTestId('waf-rule-dry-run-outdated')).toBeNull();
    type('waf-rule-wafUri', '^/admin');
    expect((await screen.findByTestId('waf-rule-dry-run-outdated')).textContent).toBe(
      'The rule has changed since this check.',
    );
  });

  it('labels a sample as sampled, and names what stored requests cannot judge', async () => {
    renderRules({
      [DRY_RUN]: () =>
        json(
          200,
          answer({
            matched: 150,
            examined: 20_000,
            totalInRange: 2_500_000,
            sampled: true,
            unjudged: ['wafRate', 'wafOwasp', 'wafIsDenyThenBucket'],
          }),
        ),
    });
    await openList();
    await openCreate();
    type('waf-rule-wafRate', '100/1');
    click('waf-rule-dry-run-check');
    expect((await line()).textContent).toBe(
      'Would have matched 150 of 20,000 sampled requests in the last 24 h (2,500,000 requests in all).',
    );
    expect(screen.getByTestId('waf-rule-dry-run-unjudged').textContent).toBe(
      'Not judged from stored requests: Request Rate and Owasp. The count takes them as holding, so it is the most the rule could have matched.',
    );
    expect(screen.getByTestId('waf-rule-dry-run-effects').textContent).toBe(
      'Not counted: the later requests that Deny, then block a client that keeps coming would refuse.',
    );
  });

  it('says so when the group had no requests, in Chinese too', async () => {
    renderRules({ [DRY_RUN]: () => json(200, answer({ matched: 0, examined: 0, totalInRange: 0 })) });
    await act(() => changeLocale('zh-CN'));
    await openList();
    await openCreate();
    click('waf-rule-dry-run-check');
    expect((await line()).textContent).toBe('最近 24 小时没有可供检查的请求。');
  });

  it('does not ask while the form has problems, and toasts a refusal by its code', async () => {
    const { sent } = renderRules({
      [DRY_RUN]: () => json(403, { code: 'FORBIDDEN', message: 'You do not have permission to do this.' }),
    });
    await openList();
    await openCreate();
    type('waf-rule-wafIp', 'not a network');
    click('waf-rule-dry-run-check');
    expect(await screen.findByTestId('waf-rule-form-error')).toBeTruthy();
    expect(sent('POST', '/api/waf-rules/dry-run')).toHaveLength(0);

    type('waf-rule-wafIp', '203.0.113.0/24');
    await pick('waf-rule-wafAction', '01');
    click('waf-rule-dry-run-check');
    expect((await screen.findByTestId('toast-api-error')).textContent).toBe('You do not have permission to do this.');
    expect(screen.queryByTestId('waf-rule-dry-run-line')).toBeNull();
  });

  it("shows the plan's refusal on the fields it names, as a save's", async () => {
    // The form took the group for enterprise; the server knows its plan is basic now.
    renderRules({
      'GET /api/group/resource-limits': () => limits(2, 'enterprise'),
      [DRY_RUN]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'rule.wafAction': 'action_not_in_plan' },
        }),
    });
    await openList();
    await openCreate();
    await pick('waf-rule-wafAction', '03');
    click('waf-rule-dry-run-check');
    await waitFor(() => expect(errorsOf('wafAction')).toEqual(["The group's plan does not offer this action."]));
    expect(await screen.findByTestId('waf-rule-form-error')).toBeTruthy();
    expect(screen.queryByTestId('toast-api-error')).toBeNull();
    expect(screen.queryByTestId('waf-rule-dry-run-line')).toBeNull();
  });
});
