import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WAF_EXPORT_FORMAT, WAF_EXPORT_VERSION } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { json } from '@/test/render-app';
import { click, limits, openCreate, openList, pick, renderRules, type } from './waf-rules.fixtures';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await act(() => changeLocale('en-US'));
});

const FILE = {
  format: WAF_EXPORT_FORMAT,
  version: WAF_EXPORT_VERSION,
  rules: [
    { ruleName: 'ok_rule', wafIp: ['10.0.0.0/8'] },
    { ruleName: 'bad_ips', wafIp: ['10.0.0.1', 'nope'] },
    { ruleName: 'block_bad', wafAction: '04' },
  ],
};

/** Picks `file` in the import modal's file input. */
const chooseImportFile = (file: File) => {
  const input = screen.getByTestId('waf-rules-import-file');
  fireEvent.change(input.tagName === 'INPUT' ? input : (input.querySelector('input') as HTMLElement), {
    target: { files: [file] },
  });
};
const jsonFile = (document: unknown, name = 'rules.json') =>
  new File([JSON.stringify(document)], name, { type: 'application/json' });

describe('firewall rules: delete, import, export, test', () => {
  it('names the lines using a rule it may not delete', async () => {
    renderRules({
      'DELETE /api/waf-rules/id-block_bad': () =>
        json(409, { code: 'IN_USE', message: 'is used by service', usedBy: ['shop', 'checkout'] }),
    });
    await openList();
    click('waf-rule-delete-block_bad');
    expect(await screen.findByText('Are you sure want to delete?')).toBeTruthy();
    click('confirm-ok');
    expect((await screen.findByTestId('waf-rule-delete-failed')).textContent).toBe(
      'Failed to delete. block_bad is used by service: shop, checkout',
    );
  });

  it('says the rule is being deployed when a delete comes too soon, and deletes otherwise', async () => {
    const { sent } = renderRules({
      'DELETE /api/waf-rules/id-slow_api': () =>
        json(409, { code: 'WAF_RULE_DEPLOYING', message: 'WAF Rules is being deployed. Please try again.' }),
      'DELETE /api/waf-rules/id-block_bad': () => json(200, { ok: true }),
    });
    await openList();
    click('waf-rule-delete-slow_api');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-delete-failed')).textContent).toBe(
      'Failed to delete. WAF Rules is being deployed. Please try again.',
    );
    // The first confirmation may still be closing: answer the newest one.
    const asked = screen.queryAllByTestId('confirm-ok').length;
    click('waf-rule-delete-block_bad');
    await waitFor(() => expect(screen.queryAllByTestId('confirm-ok').length).toBeGreaterThan(asked));
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement);
    expect((await screen.findByTestId('waf-rule-deleted')).textContent).toContain('Delete Successful');
    expect(sent('DELETE', '/api/waf-rules/id-block_bad')).toHaveLength(1);
  });

  it('imports nothing when a rule is refused, and lists every problem by rule and line', async () => {
    const { sent } = renderRules({
      'POST /api/waf-rules/import': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: {
            'file.rules.2.ruleName': 'taken',
            'file.rules.1.wafIp.1': 'invalid_network',
            'file.rules.2.wafAction': 'action_not_in_plan',
          },
        }),
    });
    await openList();
    click('waf-rules-import');
    await screen.findByTestId('waf-rules-import-overwrite');
    chooseImportFile(jsonFile(FILE));
    await waitFor(() => expect(screen.getByTestId('waf-rules-import-file-name').textContent).toBe('rules.json'));
    click('waf-rules-import-send');
    const refused = await screen.findByTestId('waf-rules-import-refused');
    expect(refused.textContent).toContain('Nothing was imported. Fix these problems and try again:');
    expect(
      within(screen.getByTestId('waf-rules-import-problems'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Rule 2 (bad_ips): Source IP line 2: Invalid network: use an IPv4 or IPv6 address or a CIDR such as 10.0.0.0/8.',
      'Rule 3 (block_bad): Rule Name: This value is already used.',
      "Rule 3 (block_bad): Action: The group's plan does not offer this action.",
    ]);
    expect(sent('POST', '/api/waf-rules/import')[0]?.body).toEqual({ groupName: 'acme', overwrite: false, file: FILE });
  });

  it('lists the problems in Chinese too', async () => {
    renderRules({
      'POST /api/waf-rules/import': () =>
        json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: { 'file.rules.1.wafIp.1': 'invalid_network' } }),
    });
    await act(() => changeLocale('zh-TW'));
    await openList();
    click('waf-rules-import');
    await screen.findByTestId('waf-rules-import-overwrite');
    chooseImportFile(jsonFile(FILE));
    await waitFor(() => expect(screen.getByTestId('waf-rules-import-file-name').textContent).toBe('rules.json'));
    click('waf-rules-import-send');
    const problems = await screen.findByTestId('waf-rules-import-problems');
    expect(problems.textContent).toMatch(/^規則 2（bad_ips）：來源 IP 第 2 行：/);
  });

  it('overwrites on request and says what was imported; a file that is not JSON is not sent', async () => {
    const { sent } = renderRules({
      'POST /api/waf-rules/import': () => json(200, { created: 2, updated: 1, taskNos: ['t1', 't2', 't3'] }),
    });
    await openList();
    click('waf-rules-import');
    await screen.findByTestId('waf-rules-import-overwrite');
    click('waf-rules-import-send');
    expect((await screen.findByTestId('waf-rules-import-file-error')).textContent).toBe('Choose a file to import.');
    chooseImportFile(new File(['{"rules": ['], 'broken.json', { type: 'application/json' }));
    await waitFor(() =>
      expect(screen.getByTestId('waf-rules-import-file-error').textContent).toBe('broken.json is not a JSON file.'),
    );
    click('waf-rules-import-send');
    expect(sent('POST', '/api/waf-rules/import')).toHaveLength(0);
    chooseImportFile(jsonFile(FILE));
    await waitFor(() => expect(screen.queryByTestId('waf-rules-import-file-error')).toBeNull());
    click('waf-rules-import-overwrite');
    click('waf-rules-import-send');
    expect((await screen.findByTestId('waf-rules-imported')).textContent).toContain('Imported: 2 created, 1 updated.');
    expect((sent('POST', '/api/waf-rules/import')[0]?.body as { overwrite: boolean }).overwrite).toBe(true);
  });

  it('says "WAF Rules is being deployed" when an import would overwrite a deploying rule', async () => {
    renderRules({
      'POST /api/waf-rules/import': () =>
        json(409, {
          code: 'WAF_RULE_DEPLOYING',
          message: 'WAF Rules is being deployed. Please try again.',
          fields: { 'file.rules.2.ruleName': 'deploying' },
        }),
    });
    await openList();
    click('waf-rules-import');
    await screen.findByTestId('waf-rules-import-overwrite');
    chooseImportFile(jsonFile(FILE));
    await waitFor(() => expect(screen.getByTestId('waf-rules-import-file-name').textContent).toBe('rules.json'));
    click('waf-rules-import-send');
    const refused = await screen.findByTestId('waf-rules-import-refused');
    expect(refused.textContent).toContain('WAF Rules is being deployed. Please try again.');
    expect(refused.textContent).toContain(
      'Rule 3 (block_bad): Rule Name: This rule is being deployed. Please try again.',
    );
  });

  it('downloads the export as waf-rules-<group>.json', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:rules');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('waf-rules-acme.json');
    });
    const exported = { format: WAF_EXPORT_FORMAT, version: WAF_EXPORT_VERSION, groupName: 'acme', rules: [] };
    const { sent } = renderRules({ 'GET /api/waf-rules/export': () => json(200, exported) });
    await openList();
    click('waf-rules-export');
    expect((await screen.findByTestId('waf-rules-exported')).textContent).toContain('Exported 0 firewall rules.');
    expect(sent('GET', '/api/waf-rules/export')[0]?.query.get('groupName')).toBe('acme');
    expect(clicked).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(JSON.parse(await (blob as Blob).text())).toEqual(exported);
  });

  it('tests every rule of the group in name order from the list', async () => {
    const { sent } = renderRules({
      'POST /api/waf-rules/evaluate': () => json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: {} }),
    });
    await openList();
    click('waf-rules-test');
    await screen.findByTestId('rule-tester');
    type('tester-url', 'https://shop.example.com/');
    type('tester-client-ip', '203.0.113.5');
    click('tester-run');
    await waitFor(() => expect(sent('POST', '/api/waf-rules/evaluate')).toHaveLength(1));
    expect((sent('POST', '/api/waf-rules/evaluate')[0]?.body as { rules: unknown }).rules).toEqual([
      { value: 'block_bad', isEnabled: true },
      { value: 'slow_api', isEnabled: true },
    ]);
  });

  it('tests the rule as the form holds it, unsaved', async () => {
    const { sent } = renderRules({
      'POST /api/waf-rules/evaluate': () => json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: {} }),
    });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'try_me');
    type('waf-rule-wafUri', '^/admin');
    click('waf-rule-test');
    await screen.findByTestId('rule-tester');
    type('tester-url', 'https://shop.example.com/admin');
    type('tester-client-ip', '203.0.113.5');
    click('tester-run');
    await waitFor(() => expect(sent('POST', '/api/waf-rules/evaluate')).toHaveLength(1));
    const body = sent('POST', '/api/waf-rules/evaluate')[0]?.body as {
      draft: Record<string, unknown>;
      rules?: unknown;
    };
    expect(body.draft).toMatchObject({ ruleName: 'try_me', wafUri: ['^/admin'], wafAction: '00' });
    expect(body.rules).toBeUndefined();
  });

  it('bounds the block period by the plan and says the range instead of correcting it', async () => {
    const { sent } = renderRules({ 'GET /api/group/resource-limits': () => limits(2, 'pro') });
    await openList();
    await openCreate();
    type('waf-rule-ruleName', 'long_block');
    await pick('waf-rule-wafAction', '08');
    const period = (await screen.findByTestId('waf-rule-wafBucketTime')) as HTMLInputElement;
    fireEvent.change(period, { target: { value: '90000' } });
    click('waf-rule-submit');
    const item = () => period.closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(item().textContent).toContain('Enter a whole number from 5 to 86400.'));
    expect(period.value).toBe('90000');
    // A block period starts once the client is over the rule's rate: the rate is asked for.
    const rate = screen.getByTestId('waf-rule-wafRate').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(rate.textContent).toContain('This field is required.'));
    expect(sent('POST', '/api/waf-rules')).toHaveLength(0);
  });
});
