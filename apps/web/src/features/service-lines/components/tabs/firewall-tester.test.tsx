import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  evaluateRules,
  parseRawRequest,
  requestFactsSchema,
  wafRuleInputSchema,
  type EvaluateWafRules,
} from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json, type ApiCall } from '@/test/render-app';
import { click, LINE, pickOption, UPDATE_PATH } from '../setting/service-overview.fixtures';
import { openEditor, renderFirewall, USED } from './firewall-tab.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

const EVALUATE = '/api/waf-rules/evaluate';

/** What the group's rules hold, for the stubbed server to judge with the one evaluator. */
const SETTINGS: Record<string, Record<string, unknown>> = {
  allow_office: { wafAction: '00', wafIp: ['192.0.2.0/24'] },
  block_bots: { wafAction: '01', wafHeaders: ['user-agent:bot'] },
  deny_tor: { wafAction: '01', wafProxyType: ['tor'] },
  log_api: { wafAction: '04', wafUri: ['^/api/'] },
  redirect_old: { wafAction: '06', wafUri: ['^/old'], wafRedirectUrl: 'https://www.example.com/' },
};

/**
 * POST /api/waf-rules/evaluate as the server answers it: the rules named (or the saved line's),
 * the facts given with what a raw request says over them, through the shared evaluator.
 */
function evaluate(saved: Array<{ value: string; isEnabled: boolean }> = USED) {
  return (call: ApiCall) => {
    const body = call.body as EvaluateWafRules;
    const entries = body.appProfileName ? saved : (body.rules ?? []);
    const rules = entries.map((entry) => ({
      ...wafRuleInputSchema.parse({ ruleName: entry.value, ...SETTINGS[entry.value] }),
      isEnabled: entry.isEnabled,
    }));
    const parsed = body.raw === undefined ? undefined : parseRawRequest(body.raw);
    const facts = requestFactsSchema.parse({ ...body.request, ...(parsed?.ok ? parsed.facts : {}) });
    return json(200, evaluateRules(rules, facts));
  };
}

const lastEvaluation = (sent: (method: string, path: string) => ApiCall[]) =>
  sent('POST', EVALUATE).at(-1)?.body as EvaluateWafRules;

/** The tester's fields are plain inputs; antd may put the test id on the box around one. */
function fill(testId: string, value: string) {
  const box = screen.getByTestId(testId);
  fireEvent.change(box.querySelector('input, textarea') ?? box, { target: { value } });
}

const verdict = (rule: string) => screen.getByTestId(`tester-verdict-${rule}`).textContent;
const errorOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent;

describe('testing a line’s rules from its Firewall Rules tab', () => {
  it('tries the list as it stands, unsaved order and switches, and shows the trace and the outcome', async () => {
    const { sent } = await openEditor({ [`POST ${EVALUATE}`]: evaluate() });
    click('waf-rule-up-allow_office');
    click('waf-rule-up-allow_office');
    click('waf-rule-switch-log_api');
    click('waf-rules-test');
    expect((await screen.findByTestId('tester-subject')).textContent).toBe(
      '3 rules, in the order shown, as they stand now (unsaved changes included).',
    );
    expect(screen.getByTestId('tester-edge-note').textContent).toContain(
      'Only the edge can judge Source country, ISP, Proxy type, Request rate, and OWASP categories',
    );
    await pickOption('tester-method', 'POST');
    fill('tester-url', 'https://shop.example.com/api/orders?id=1');
    fill('tester-headers', 'User-Agent: goodbot/1.0');
    fill('tester-client-ip', '10.0.0.5');
    click('tester-run');

    await screen.findByTestId('tester-result');
    expect(lastEvaluation(sent)).toEqual({
      groupName: 'acme',
      rules: [
        { value: 'allow_office', isEnabled: true },
        { value: 'block_bots', isEnabled: true },
        { value: 'log_api', isEnabled: true },
      ],
      request: {
        method: 'POST',
        scheme: 'https',
        host: 'shop.example.com',
        uri: '/api/orders',
        args: 'id=1',
        headers: { host: 'shop.example.com', 'user-agent': 'goodbot/1.0' },
        clientIp: '10.0.0.5',
        owasp: [],
      },
    });
    const rows = within(screen.getByTestId('tester-trace')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'tester-rule-allow_office',
      'tester-rule-block_bots',
      'tester-rule-log_api',
    ]);
    expect(verdict('allow_office')).toBe('Not matched');
    expect(verdict('block_bots')).toBe('Matched');
    expect(verdict('log_api')).toBe('Not reached');
    expect(screen.getByTestId('tester-condition-block_bots-wafHeaders').textContent).toContain('Request headers');
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('DeniedStatus 403');
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe('block_bots (Deny)');
    // Testing saves nothing.
    expect(sent('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('checks the request before asking: a full URL, header lines, one client address', async () => {
    const { sent } = await openEditor({ [`POST ${EVALUATE}`]: evaluate() });
    click('waf-rules-test');
    await screen.findByTestId('tester-run');
    click('tester-run');
    await waitFor(() => expect(errorOf('tester-url')).toBe('This field is required.'));
    expect(errorOf('tester-client-ip')).toBe('This field is required.');
    fill('tester-url', 'shop.example.com/login');
    fill('tester-headers', 'accept: */*\n\nno colon here');
    fill('tester-client-ip', '10.0.0.0/8');
    click('tester-run');
    await waitFor(() => expect(errorOf('tester-url')).toBe('Enter a full URL starting with http:// or https://.'));
    expect(errorOf('tester-headers')).toBe('Line 3 is not a header: write name: value.');
    expect(errorOf('tester-client-ip')).toBe('Enter an IPv4 or IPv6 address.');
    expect(sent('POST', EVALUATE)).toHaveLength(0);
  });

  it('takes a pasted raw request, naming the line it cannot read; the saved line is tried from read mode', async () => {
    const { sent } = renderFirewall({ [`POST ${EVALUATE}`]: evaluate() });
    await screen.findByTestId('waf-rules-test');
    click('waf-rules-test');
    await screen.findByTestId('tester-mode-raw');
    click('tester-mode-raw');
    fill('tester-raw', 'GET /api/x HTTP/1.1\nHost shop.example.com');
    fill('tester-client-ip', '2001:db8::7');
    click('tester-run');
    await waitFor(() => expect(errorOf('tester-raw')).toBe('This is not an HTTP request: line 2 could not be read.'));
    expect(sent('POST', EVALUATE)).toHaveLength(0);

    const raw = 'GET /api/x HTTP/1.1\nHost: shop.example.com\nUser-Agent: a bot';
    fill('tester-raw', raw);
    click('tester-run');
    await screen.findByTestId('tester-result');
    expect(lastEvaluation(sent)).toEqual({
      groupName: 'acme',
      appProfileName: LINE.appProfileName,
      rules: USED,
      raw,
      request: { clientIp: '2001:db8::7', owasp: [] },
    });
    expect(screen.getByTestId('tester-subject').textContent).toBe(
      `The saved rules of service line ${LINE.appProfileName}, in their order.`,
    );
    expect(verdict('block_bots')).toBe('Matched');
    expect(verdict('log_api')).toBe('Off on this line');
  });

  it('names a rule the server no longer has, and shows a refused address on its field', async () => {
    await openEditor({
      [`POST ${EVALUATE}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'rules.1.value': 'not_found', 'request.clientIp': 'invalid' },
        }),
    });
    click('waf-rules-test');
    await screen.findByTestId('tester-run');
    fill('tester-url', 'https://shop.example.com/');
    fill('tester-client-ip', '10.0.0.5');
    click('tester-run');
    expect((await screen.findByTestId('tester-error')).textContent).toContain(
      'log_api: Not found: choose one that exists.',
    );
    // antd shows a field's explain a render after setFields; the toast may come first.
    await waitFor(() => expect(errorOf('tester-client-ip')).toBe('This value is not valid.'));
  });
});

describe('the tester in Chinese', () => {
  it('judges the proxy type from the value typed in, marks it as the edge’s, and answers in zh-CN', async () => {
    await act(() => changeLocale('zh-CN'));
    const line = [{ value: 'deny_tor', isEnabled: true }];
    renderFirewall({ [`POST ${EVALUATE}`]: evaluate(line) }, { ...LINE, usedWafRules: line });
    await screen.findByTestId('waf-rules-test');
    click('waf-rules-test');
    expect((await screen.findByTestId('tester-edge-note')).textContent).toContain(
      '只有边缘节点能判断来源国家/地区、ISP、代理类型、请求速率和OWASP 类别',
    );
    fill('tester-url', 'https://shop.example.com/');
    fill('tester-client-ip', '198.51.100.4');
    await pickOption('tester-proxy-type', 'Tor');
    click('tester-run');
    await screen.findByTestId('tester-result');
    expect(verdict('deny_tor')).toBe('匹配');
    expect(screen.getByTestId('tester-edge-judged-deny_tor-wafProxyType').textContent).toBe('由边缘节点判断');
    expect(screen.getByTestId('tester-outcome-result').textContent).toBe('拒绝状态码 403');
    expect(screen.getByTestId('tester-outcome-decidedBy').textContent).toBe('deny_tor（拒绝）');
  });
});
