import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json } from '@/test/render-app';
import { click, limits, openCreate, openList, pick, renderRules, rule, type } from '../waf-rules.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

const created = (body: unknown) => json(201, { ...rule('new'), ...(body as object), id: 'id-new' });

describe('firewall rule form', () => {
  it("shows the chosen action's own fields and no other", async () => {
    renderRules({ 'GET /api/group/resource-limits': () => limits(2, 'enterprise') });
    await openList();
    await openCreate();
    const shown = () =>
      [
        'wafDenyHtmlPageName',
        'wafIsDenyThenBucket',
        'wafSpeedLimit',
        'wafRedirectUrl',
        'wafRedirectHttpCode',
        'wafBucketTime',
        'wafBucketPreSslDeny',
        'wafIsGlobalBucketRecord',
        'wafWithL3BucketList',
        'wafSetReqHeaders',
        'wafSetResHeaders',
        'wafCustomHtmlPageName',
        'wafOriginPolicyName',
      ].filter((name) => screen.queryByTestId(`waf-rule-${name}`) !== null);
    expect(shown()).toEqual([]);
    await pick('waf-rule-wafAction', '01');
    await waitFor(() => expect(shown()).toEqual(['wafDenyHtmlPageName', 'wafIsDenyThenBucket']));
    // The rate of deny-then-block shows once it is switched on.
    expect(screen.queryByTestId('waf-rule-wafDenyThenBucketRate')).toBeNull();
    click('waf-rule-wafIsDenyThenBucket');
    expect(await screen.findByTestId('waf-rule-wafDenyThenBucketRate')).toBeTruthy();
    await pick('waf-rule-wafAction', '06');
    await waitFor(() => expect(shown()).toEqual(['wafRedirectUrl', 'wafRedirectHttpCode']));
    await pick('waf-rule-wafAction', '05');
    await waitFor(() => expect(shown()).toEqual(['wafSpeedLimit']));
    expect((screen.getByTestId('waf-rule-wafSpeedLimit') as HTMLInputElement).value).toBe('10240');
    await pick('waf-rule-wafAction', '08');
    await waitFor(() =>
      expect(shown()).toEqual([
        'wafDenyHtmlPageName',
        'wafBucketTime',
        'wafBucketPreSslDeny',
        'wafIsGlobalBucketRecord',
        'wafWithL3BucketList',
      ]),
    );
    await pick('waf-rule-wafAction', '09');
    await waitFor(() => expect(shown()).toEqual(['wafSetReqHeaders']));
    await pick('waf-rule-wafAction', '12');
    await waitFor(() => expect(shown()).toEqual(['wafCustomHtmlPageName']));
    await pick('waf-rule-wafAction', '13');
    await waitFor(() => expect(shown()).toEqual(['wafOriginPolicyName']));
    await pick('waf-rule-wafOriginPolicyName', 'backup_pool');
  });

  it('lists the actions outside the plan disabled, naming the plan that offers them', async () => {
    renderRules();
    await openList();
    await openCreate();
    fireEvent.mouseDown(within(screen.getByTestId('waf-rule-wafAction')).getByRole('combobox'));
    const option = async (code: string) =>
      (await screen.findByTestId(`waf-rule-wafAction-${code}`)).closest('.ant-select-item') as HTMLElement;
    const disabled = (el: HTMLElement) => el.classList.contains('ant-select-item-option-disabled');
    expect(disabled(await option('01'))).toBe(false);
    expect((await option('01')).textContent).toBe('Deny');
    expect(disabled(await option('04'))).toBe(true);
    expect((await option('04')).textContent).toBe('LogAvailable on the Pro plan');
    expect((await option('14')).textContent).toBe('Smart CaptchaAvailable on the Enterprise plan');
  });

  it('names the plan in Chinese too', async () => {
    renderRules();
    await act(() => changeLocale('zh-CN'));
    await openList();
    await openCreate();
    fireEvent.mouseDown(within(screen.getByTestId('waf-rule-wafAction')).getByRole('combobox'));
    const option = await screen.findByTestId('waf-rule-wafAction-05');
    expect(option.closest('.ant-select-item')?.textContent).toBe('限速专业版方案可用');
  });

  it('says what the edge knows of ISPs and proxy types under their fields', async () => {
    renderRules();
    await openList();
    await openCreate();
    const extraOf = (testId: string) =>
      screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-extra')?.textContent;
    expect(extraOf('waf-rule-wafProxyType')).toBe(
      "The edge has no proxy database yet, so it never knows a visitor's proxy type: a rule that needs one never matches there.",
    );
    expect(screen.getByText(/^One ISP name a line, as the event log shows it \(in any case\)/)).toBeTruthy();
  });

  it("sends the rule with its lists as arrays and the other actions' fields as defaults", async () => {
    const { sent } = renderRules({ 'POST /api/waf-rules': ({ body }) => created(body) });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'to_maintenance');
    await pick('waf-rule-wafAction', '01');
    await screen.findByTestId('waf-rule-wafDenyHtmlPageName');
    await pick('waf-rule-wafDenyHtmlPageName', 'sorry');
    await pick('waf-rule-wafAction', '06');
    await screen.findByTestId('waf-rule-wafRedirectUrl');
    type('waf-rule-wafRedirectUrl', '{host}/maintenance');
    type('waf-rule-wafIp', '203.0.113.0/24\n\n 2001:db8::/32 ');
    type('waf-rule-wafHeadersNotExist', 'x-api-key');
    click('waf-rule-submit');
    expect((await screen.findByTestId('waf-rule-created')).textContent).toContain('Created Successfully');
    const body = sent('POST', '/api/waf-rules')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      groupName: 'acme',
      ruleName: 'to_maintenance',
      wafAction: '06',
      wafRedirectUrl: '{host}/maintenance',
      wafRedirectHttpCode: 302,
      wafIp: ['203.0.113.0/24', '2001:db8::/32'],
      wafHeadersNotExist: ['x-api-key'],
      // Chosen under Deny, then hidden by Redirect: back to its default.
      wafDenyHtmlPageName: 'default',
      wafCountry: [],
      wafSpeedLimit: 10240,
    });
  });

  it('edits over the version read, after "Are you sure want to proceed?", without the name', async () => {
    const { sent } = renderRules({
      'PUT /api/waf-rules/id-block_bad': ({ body }) => json(200, { ...rule('block_bad'), ...(body as object) }),
    });
    await openList();
    click('waf-rule-edit-block_bad');
    const name = (await screen.findByTestId('waf-rule-ruleName')) as HTMLInputElement;
    expect([name.value, name.disabled]).toEqual(['block_bad', true]);
    expect((screen.getByTestId('waf-rule-wafIp') as HTMLTextAreaElement).value).toBe(
      '203.0.113.0/24\n198.51.100.7\n2001:db8::/32\n192.0.2.1',
    );
    type('waf-rule-wafRate', '100/1');
    click('waf-rule-submit');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('waf-rule-updated')).textContent).toContain('Updated Successfully');
    const body = sent('PUT', '/api/waf-rules/id-block_bad')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 2, wafRate: '100/1', wafAction: '01', wafIpExclude: ['203.0.113.9'] });
    expect(body).not.toHaveProperty('ruleName');
  });

  it('says "WAF Rules is being deployed. Please try again." when the rule deploys', async () => {
    renderRules({
      'PUT /api/waf-rules/id-block_bad': () =>
        json(409, { code: 'WAF_RULE_DEPLOYING', message: 'WAF Rules is being deployed. Please try again.' }),
    });
    await openList();
    click('waf-rule-edit-block_bad');
    await screen.findByTestId('waf-rule-ruleName');
    click('waf-rule-submit');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-api-error')).textContent).toBe(
      'WAF Rules is being deployed. Please try again.',
    );
  });

  it('offers to reload a rule changed meanwhile, and refills the form with the newer version', async () => {
    const newer = rule('block_bad', { version: 3, wafAction: '01', wafRate: '50/1', wafIp: ['198.51.100.0/24'] });
    const { sent } = renderRules({
      'PUT /api/waf-rules/id-block_bad': () => json(409, { code: 'VERSION_CONFLICT', message: 'changed' }),
      'GET /api/waf-rules/id-block_bad': () => json(200, newer),
    });
    await openList();
    click('waf-rule-edit-block_bad');
    await screen.findByTestId('waf-rule-ruleName');
    click('waf-rule-submit');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('waf-rule-conflict')).textContent).toContain(
      'This item was changed by someone else. Reload it and try again.',
    );
    click('waf-rule-conflict-reload');
    await waitFor(() => expect((screen.getByTestId('waf-rule-wafRate') as HTMLInputElement).value).toBe('50/1'));
    expect(screen.queryByTestId('waf-rule-conflict')).toBeNull();
    // The first confirmation may still be closing: answer the newest one.
    const asked = screen.queryAllByTestId('confirm-ok').length;
    click('waf-rule-submit');
    await waitFor(() => expect(screen.queryAllByTestId('confirm-ok').length).toBeGreaterThan(asked));
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement);
    await waitFor(() => expect(sent('PUT', '/api/waf-rules/id-block_bad')).toHaveLength(2));
    expect((sent('PUT', '/api/waf-rules/id-block_bad')[1]?.body as { version: number }).version).toBe(3);
  });
});
