import { act, render, screen, within } from '@testing-library/react';
import {
  evaluateRules,
  requestFactsSchema,
  wafRuleInputSchema,
  type EvaluatedRule,
  type RequestFactsInput,
  type WafEvaluation,
} from '@parapet/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { TesterOutcome } from './tester-outcome';
import { TesterTrace } from './tester-trace';

// The tester's answer as the one evaluator gives it (the server answers with the same
// function), shown: each rule's verdict and why, and what the visitor gets.

afterEach(async () => {
  await act(() => changeLocale('en-US'));
});

const rule = (input: Record<string, unknown>, isEnabled = true): EvaluatedRule => ({
  ...wafRuleInputSchema.parse(input),
  isEnabled,
});

const LINE: EvaluatedRule[] = [
  rule({ ruleName: 'tag_requests', wafAction: '09', wafSetReqHeaders: ['x-client-ip:$rip'] }),
  rule({ ruleName: 'off_rule', wafAction: '01' }, false),
  rule({ ruleName: 'allow_staff', wafAction: '00', wafIp: ['192.0.2.0/24'], wafIpExclude: ['10.1.2.3'] }),
  rule({ ruleName: 'deny_office', wafAction: '01', wafIp: ['10.0.0.0/8'], wafCountry: ['DE'] }),
  rule({ ruleName: 'after_deny', wafAction: '04' }),
];

const judge = (request: Omit<RequestFactsInput, 'clientIp'> & { clientIp: string }): WafEvaluation =>
  evaluateRules(LINE, requestFactsSchema.parse(request));

function show(evaluation: WafEvaluation) {
  render(
    <>
      <TesterOutcome outcome={evaluation.outcome} />
      <TesterTrace rules={evaluation.rules} />
    </>,
  );
}

const verdict = (name: string) => screen.getByTestId(`tester-verdict-${name}`).textContent;
const condition = (name: string, field: string) => screen.getByTestId(`tester-condition-${name}-${field}`);

describe('the tester shows what the evaluator answered', () => {
  it('a denied request: verdicts in order, the entries that matched, the edge-judged country, the deny outcome', () => {
    show(judge({ clientIp: '10.1.2.3', country: 'DE', uri: '/login' }));

    const rows = within(screen.getByTestId('tester-trace')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'tester-rule-tag_requests',
      'tester-rule-off_rule',
      'tester-rule-allow_staff',
      'tester-rule-deny_office',
      'tester-rule-after_deny',
    ]);
    expect(verdict('tag_requests')).toBe('Matched');
    expect(verdict('off_rule')).toBe('Off on this line');
    expect(verdict('allow_staff')).toBe('Not matched');
    expect(verdict('deny_office')).toBe('Matched');
    expect(verdict('after_deny')).toBe('Not reached');
    expect(screen.getByTestId('tester-rule-after_deny').textContent).toContain('An earlier rule ended the check.');

    expect(condition('allow_staff', 'wafIp').getAttribute('data-matched')).toBe('false');
    expect(condition('deny_office', 'wafIp').textContent).toContain('Source IP10.0.0.0/8');
    expect(condition('deny_office', 'wafCountry').textContent).toContain('Source countryDE');
    // The country is only the edge's to know: marked; the address is not.
    expect(screen.getByTestId('tester-edge-judged-deny_office-wafCountry').textContent).toBe('Judged at the edge');
    expect(screen.queryByTestId('tester-edge-judged-deny_office-wafIp')).toBeNull();

    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('DeniedStatus 403');
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe('deny_office (Deny)');
    expect(screen.getByTestId('tester-outcome-page').textContent).toBe('default');
    expect(screen.getByTestId('tester-request-headers').textContent).toBe('x-client-ip: 10.1.2.3');
    expect(screen.getByTestId('tester-outcome-logged').textContent).toBe('deny_office');
  });

  it('a request no deciding rule matched passes to the origin, the failed condition marked', () => {
    show(judge({ clientIp: '10.1.2.3', country: 'FR' }));
    expect(verdict('deny_office')).toBe('Not matched');
    expect(condition('deny_office', 'wafCountry').getAttribute('data-matched')).toBe('false');
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe("PassedStatus 200 (the origin's own answer)");
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe(
      'No rule ended the check: the request goes on to the origin.',
    );
  });

  it('an allow stops the check; an exclusion that held is named', () => {
    show(judge({ clientIp: '192.0.2.9' }));
    expect(verdict('allow_staff')).toBe('Matched');
    expect(verdict('deny_office')).toBe('Not reached');
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe('allow_staff (Allow)');

    const spared = evaluateRules(
      [rule({ ruleName: 'deny_net', wafAction: '01', wafIp: ['10.0.0.0/8'], wafIpExclude: ['10.1.0.0/16'] })],
      requestFactsSchema.parse({ clientIp: '10.1.2.3' }),
    );
    show(spared);
    expect(verdict('deny_net')).toBe('Spared by an exclusion');
    expect(screen.getByTestId('tester-spared-deny_net').textContent).toBe('Spared by Not source IP10.1.0.0/16');
  });

  it('a redirect shows its status and target', () => {
    const redirect = evaluateRules(
      [
        rule({
          ruleName: 'moved',
          wafAction: '06',
          wafUri: ['^/old'],
          wafRedirectUrl: '{host}/new',
          wafRedirectHttpCode: 301,
        }),
      ],
      requestFactsSchema.parse({ clientIp: '::1', host: 'shop.example.com', uri: '/old/page' }),
    );
    show(redirect);
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('RedirectedStatus 301');
    expect(screen.getByTestId('tester-outcome-location').textContent).toBe('https://shop.example.com/new');
  });

  it('a block shows its page and how long the client stays blocked, the rate marked as the edge’s', () => {
    const block = evaluateRules(
      [rule({ ruleName: 'flood', wafAction: '08', wafRate: '100/10', wafBucketTime: 600 })],
      requestFactsSchema.parse({ clientIp: '10.0.0.1', ratePerSecond: 20 }),
    );
    show(block);
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('BlockedStatus 403');
    expect(screen.getByTestId('tester-outcome-page').textContent).toBe('default');
    expect(screen.getByTestId('tester-outcome-blockSeconds').textContent).toBe('600 seconds');
    expect(screen.getByTestId('tester-edge-judged-flood-wafRate')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    show(judge({ clientIp: '10.1.2.3', country: 'DE' }));
    expect(verdict('deny_office')).toBe('匹配');
    expect(verdict('off_rule')).toBe('在此服务线上已关闭');
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('拒绝状态码 403');
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe('deny_office（拒绝）');
    expect(screen.getByTestId('tester-edge-judged-deny_office-wafCountry').textContent).toBe('由边缘节点判断');
  });
});
