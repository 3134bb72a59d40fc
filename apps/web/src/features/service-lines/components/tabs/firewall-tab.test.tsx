import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fullAccess } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/render-app';
import { click, LINE, LINE_PATH, renderLine, UPDATE_PATH } from '../setting/service-overview.fixtures';
import { openEditor, renderFirewall, rowNames, rule, saveAndConfirm, USED, WITH_RULES } from './firewall-tab.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Types into the Add modal's search box (antd may put the test id on the box around the input). */
function search(value: string) {
  const box = screen.getByTestId('waf-rules-add-search');
  fireEvent.change(box.querySelector('input') ?? box, { target: { value } });
}

const savedRules = (sent: ReturnType<typeof renderFirewall>['sent']) =>
  (sent('POST', UPDATE_PATH)[0]?.body as { usedWafRules: unknown }).usedWafRules;

describe("a line's Firewall Rules tab, read", () => {
  it('lists the rules in order with action, on/off and a link to each; a rule the group lacks is marked', async () => {
    renderFirewall({}, { ...LINE, usedWafRules: [...USED, { value: 'gone_rule', isEnabled: true }] });
    await screen.findByTestId('tab-read-firewall');
    await waitFor(() => expect(rowNames()).toEqual(['block_bots', 'log_api', 'allow_office', 'gone_rule']));
    const row = (name: string) => screen.getByTestId(`waf-rule-row-${name}`).textContent;
    await waitFor(() => expect(row('block_bots')).toBe('1block_botsDenyOn'));
    expect(row('log_api')).toBe('2log_apiLogOff');
    expect(screen.getByTestId('waf-rule-link-block_bots').getAttribute('href')).toBe(
      '/firewall_rules?groupName=acme&search=block_bots',
    );
    expect(screen.getByTestId('waf-rule-missing-gone_rule').textContent).toBe('Not in the group');
    expect(screen.queryByTestId('waf-rule-missing-block_bots')).toBeNull();
    expect(screen.queryByTestId('waf-rule-up-block_bots')).toBeNull();
  });

  it('shows 10 rows until "Show more"', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ value: `rule_${i + 1}`, isEnabled: true }));
    renderFirewall({}, { ...LINE, usedWafRules: many });
    await screen.findByTestId('waf-rule-row-rule_10');
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByTestId('waf-rules-show-more').textContent).toBe('Show more (2 more)');
    click('waf-rules-show-more');
    expect(rowNames()).toHaveLength(12);
    expect(screen.queryByTestId('waf-rules-show-more')).toBeNull();
  });

  it('a user without the tab’s write sees no Edit', async () => {
    const role = {
      ...fullAccess(),
      serviceLines: { read: true, write: true, children: { firewallRules: { read: true, write: false } } },
    };
    renderLine('groupName=acme&tab=firewall', { [`GET ${LINE_PATH}`]: () => json(200, WITH_RULES) }, role);
    expect(await screen.findByTestId('tab-readonly-firewall')).toBeTruthy();
    expect(screen.queryByTestId('tab-edit-firewall')).toBeNull();
  });
});

describe("a line's Firewall Rules tab, edited", () => {
  it('moves a rule with its buttons and saves the whole line with the new order (the line deploys)', async () => {
    const { sent } = await openEditor();
    expect(screen.getByTestId('waf-rule-up-block_bots').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('waf-rule-down-allow_office').hasAttribute('disabled')).toBe(true);
    click('waf-rule-up-allow_office');
    click('waf-rule-up-allow_office');
    expect(rowNames()).toEqual(['allow_office', 'block_bots', 'log_api']);
    click('waf-rule-down-block_bots');
    expect(rowNames()).toEqual(['allow_office', 'log_api', 'block_bots']);
    expect(screen.getByTestId('waf-rule-up-log_api').getAttribute('aria-label')).toBe('Move log_api up');
    await saveAndConfirm();
    await screen.findByTestId('service-line-updated');
    expect(sent('POST', UPDATE_PATH)[0]?.body).toEqual({
      ...WITH_RULES,
      usedWafRules: [
        { value: 'allow_office', isEnabled: true },
        { value: 'log_api', isEnabled: false },
        { value: 'block_bots', isEnabled: true },
      ],
    });
  });

  it('moves a rule by dragging its row onto another', async () => {
    const { sent } = await openEditor();
    const row = (name: string) => screen.getByTestId(`waf-rule-row-${name}`);
    expect(row('allow_office').getAttribute('draggable')).toBe('true');
    fireEvent.dragStart(row('allow_office'));
    fireEvent.dragOver(row('block_bots'));
    fireEvent.drop(row('block_bots'));
    fireEvent.dragEnd(row('allow_office'));
    expect(rowNames()).toEqual(['allow_office', 'block_bots', 'log_api']);
    // Dropped on a later row, a rule takes that row's place.
    fireEvent.dragStart(row('allow_office'));
    fireEvent.dragOver(row('log_api'));
    fireEvent.drop(row('log_api'));
    expect(rowNames()).toEqual(['block_bots', 'log_api', 'allow_office']);
    await saveAndConfirm();
    await screen.findByTestId('service-line-updated');
    expect(savedRules(sent)).toEqual(USED);
  });

  it('a drop without a drag from this table changes nothing', async () => {
    await openEditor();
    fireEvent.drop(screen.getByTestId('waf-rule-row-block_bots'));
    expect(rowNames()).toEqual(['block_bots', 'log_api', 'allow_office']);
  });

  it('switches a rule on and off for this line, and removes one', async () => {
    const { sent } = await openEditor();
    click('waf-rule-switch-log_api');
    click('waf-rule-switch-block_bots');
    click('waf-rule-remove-allow_office');
    expect(rowNames()).toEqual(['block_bots', 'log_api']);
    await saveAndConfirm();
    await screen.findByTestId('service-line-updated');
    expect(savedRules(sent)).toEqual([
      { value: 'block_bots', isEnabled: false },
      { value: 'log_api', isEnabled: true },
    ]);
  });

  it('"Add rule" offers only the group’s rules the line does not use, found by name, several at once', async () => {
    await openEditor();
    click('waf-rules-add');
    const modal = await screen.findByTestId('waf-rules-add-table');
    const offered = () =>
      within(modal)
        .getAllByRole('row')
        .map((row) => row.getAttribute('data-testid'))
        .filter(Boolean);
    expect(offered()).toEqual(['waf-rules-add-row-deny_tor', 'waf-rules-add-row-redirect_old']);
    search('REDIR');
    expect(offered()).toEqual(['waf-rules-add-row-redirect_old']);
    fireEvent.click(within(screen.getByTestId('waf-rules-add-row-redirect_old')).getByRole('checkbox'));
    // A tick survives a search that hides it.
    search('');
    fireEvent.click(within(screen.getByTestId('waf-rules-add-row-deny_tor')).getByRole('checkbox'));
    expect(screen.getByTestId('waf-rules-add-ok').textContent).toBe('Add 2 rules');
    click('waf-rules-add-ok');
    await waitFor(() =>
      expect(rowNames()).toEqual(['block_bots', 'log_api', 'allow_office', 'deny_tor', 'redirect_old']),
    );
    click('waf-rules-add');
    expect(await screen.findByText('This line already uses every firewall rule of the group.')).toBeTruthy();
  });

  it('an added rule is switched on, last, and saved with the line', async () => {
    const { sent } = await openEditor();
    click('waf-rules-add');
    await screen.findByTestId('waf-rules-add-table');
    fireEvent.click(within(screen.getByTestId('waf-rules-add-row-deny_tor')).getByRole('checkbox'));
    click('waf-rules-add-ok');
    await waitFor(() => expect(rowNames()).toEqual(['block_bots', 'log_api', 'allow_office', 'deny_tor']));
    await saveAndConfirm();
    await screen.findByTestId('service-line-updated');
    expect(savedRules(sent)).toEqual([...USED, { value: 'deny_tor', isEnabled: true }]);
  });

  it('reads every page of the group’s rules', async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      rule(`r_${String(i).padStart(3, '0')}`, i === 129 ? '04' : '01'),
    );
    const { sent } = renderFirewall(
      {
        'GET /api/waf-rules': (call) => {
          const page = Number(call.query.get('page'));
          const size = Number(call.query.get('pageSize'));
          return json(200, { items: many.slice((page - 1) * size, page * size), total: many.length });
        },
      },
      { ...LINE, usedWafRules: [{ value: 'r_129', isEnabled: true }] },
    );
    await waitFor(() => expect(screen.getByTestId('waf-rule-row-r_129').textContent).toBe('1r_129LogOn'));
    expect(sent('GET', '/api/waf-rules').map((c) => [c.query.get('page'), c.query.get('pageSize')])).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('an empty taskNo says the line is already deploying and keeps the form', async () => {
    await openEditor({ [`POST ${UPDATE_PATH}`]: () => json(200, { taskNo: '' }) });
    click('waf-rule-up-log_api');
    await saveAndConfirm();
    expect((await screen.findByTestId('service-line-already-deploying')).textContent).toContain(
      'Service Line is already deploying. Please try again later.',
    );
    expect(screen.getByTestId('tab-save-firewall')).toBeTruthy();
  });

  it("shows the server's refusal of a rule that does not exist on that rule's row", async () => {
    await openEditor({
      [`POST ${UPDATE_PATH}`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error',
          fields: { 'usedWafRules.1.value': 'not_found' },
        }),
    });
    await saveAndConfirm();
    await waitFor(() =>
      expect(screen.getByTestId('waf-rule-row-log_api').textContent).toContain(
        'log_api: Not found: choose one that exists.',
      ),
    );
    expect(screen.getByTestId('waf-rule-row-block_bots').textContent).not.toContain('Not found');
  });

  it('refuses before sending a rule the group no longer has, on its row', async () => {
    const { sent } = await openEditor(
      {},
      { ...LINE, usedWafRules: [...USED, { value: 'no-such-rule', isEnabled: true }] },
    );
    click('tab-save-firewall');
    await waitFor(() =>
      expect(screen.getByTestId('waf-rule-row-no-such-rule').textContent).toContain(
        'no-such-rule: Not found: choose one that exists.',
      ),
    );
    click('waf-rule-remove-no-such-rule');
    await saveAndConfirm();
    await screen.findByTestId('service-line-updated');
    expect(savedRules(sent)).toEqual(USED);
  });
});
