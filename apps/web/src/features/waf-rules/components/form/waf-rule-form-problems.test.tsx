import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json } from '@/test/render-app';
import { click, errorsOf, openCreate, openList, renderRules, type } from '../waf-rules.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

describe('firewall rule form problems', () => {
  it('reports each bad line of a list with its line number, and sends nothing', async () => {
    const { sent } = renderRules();
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'block_lan');
    type('waf-rule-wafIp', '10.0.0.1\n\nnot-an-ip\n10.0.0.0/8\n10.0.0.1');
    type('waf-rule-wafUri', '/ok$\n(unclosed');
    click('waf-rule-submit');
    await waitFor(() =>
      expect(errorsOf('wafIp')).toEqual([
        'Line 3: Invalid network: use an IPv4 or IPv6 address or a CIDR such as 10.0.0.0/8.',
        'Line 5: Duplicate entry.',
      ]),
    );
    expect(errorsOf('wafUri')).toEqual(['Line 2: This regular expression does not compile.']);
    expect(await screen.findByTestId('waf-rule-form-error')).toBeTruthy();
    expect(sent('POST', '/api/waf-rules')).toHaveLength(0);
  });

  it("shows the server's per-entry problems on the line the user typed them, and the form's own message", async () => {
    renderRules({
      'POST /api/waf-rules': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'wafIp.1': 'invalid_network', conditions: 'condition_required', wafAction: 'action_not_in_plan' },
        }),
    });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'server_says');
    // Entry 1 of what is sent is on line 4: blank lines are skipped but counted.
    type('waf-rule-wafIp', '10.0.0.1\n\n\n192.0.2.1');
    click('waf-rule-submit');
    await waitFor(() =>
      expect(errorsOf('wafIp')).toEqual([
        'Line 4: Invalid network: use an IPv4 or IPv6 address or a CIDR such as 10.0.0.0/8.',
      ]),
    );
    expect(errorsOf('conditions')).toEqual(['A rule needs at least one condition.']);
    expect(errorsOf('wafAction')).toEqual(["The group's plan does not offer this action."]);
  });

  it('asks for at least one condition', async () => {
    const { sent } = renderRules();
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'nothing');
    type('waf-rule-wafIp', '');
    click('waf-rule-submit');
    await waitFor(() => expect(errorsOf('conditions')).toEqual(['A rule needs at least one condition.']));
    expect(sent('POST', '/api/waf-rules')).toHaveLength(0);
    // The country switch on asks for a country.
    click('waf-rule-countryOn');
    await screen.findByTestId('waf-rule-wafCountry');
    click('waf-rule-submit');
    await waitFor(() => expect(errorsOf('wafCountry')).toEqual(['This field is required.']));
  });

  it('says the name is taken as one types it', async () => {
    const { sent } = renderRules({
      'GET /api/validate/documentexist': ({ query }) => json(200, { exist: query.get('fieldVal') === 'block_bad' }),
    });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'block_bad');
    await waitFor(() => expect(errorsOf('ruleName')).toEqual(['A firewall rule named block_bad already exists.']));
    const check = sent('GET', '/api/validate/documentexist').at(-1)?.query;
    expect([check?.get('topic'), check?.get('groupName')]).toEqual(['wafRuleName', 'acme']);
    type('waf-rule-ruleName', 'Bad-Name');
    await waitFor(() => expect(errorsOf('ruleName')).toEqual(['Unsupported format.']));
  });

  it('says "Failed to create. There are not available rules to create." and "Exceed Quota" when the plan is used up', async () => {
    renderRules({
      'POST /api/waf-rules': () =>
        json(403, {
          code: 'NO_RULES_AVAILABLE',
          message: 'Failed to create. There are not available rules to create.',
        }),
    });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'one_more');
    click('waf-rule-submit');
    const toast = await screen.findByTestId('waf-rule-quota');
    expect(toast.textContent).toContain('Failed to create. There are not available rules to create.');
    expect(toast.textContent).toContain('Exceed Quota');
  });
});
