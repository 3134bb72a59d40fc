import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fullAccess, readOnlyAccess, storedEventSchema, type StoredEvent } from '@parapet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/test/filter-steps';
import { json, memberOf, renderApp, shellHandlers, type ApiCall, type ApiHandlers } from '@/test/render-app';
import { formatInstant } from '@/lib/format-time';
import { changeLocale } from '@/lib/i18n';
import { readStored } from '@/lib/stored-data';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const event = (i: number, extra: Partial<StoredEvent> = {}): StoredEvent =>
  storedEventSchema.parse({
    req_id: `req-${i}`,
    timestamp: Date.UTC(2026, 10, 20, 12, 0, 0) - i * 1000,
    server_name: 'shop.example.com',
    client_ip: `203.0.113.${i}`,
    status: 200,
    country: 'DE',
    isp: 'Example ISP',
    action: i === 1 ? '01' : '',
    type: i === 1 ? '01' : '',
    rule: i === 1 ? 'deny_scanners' : '',
    reason: i === 1 ? 'wafUri: ^/login; wafProxyType: dch' : '',
    proxy_type: i === 1 ? 'dch' : '',
    uri: i === 1 ? '/login.php' : '/',
    upstream_response_time: 0.25,
    req_headers: { 'user-agent': 'curl/8.0', accept: '*/*' },
    group_name: 'acme',
    customer_package: 'standard',
    ...extra,
  });

/** 25 events, answered 10 a page (or as asked) on a cursor that is the next index. */
const EVENTS = Array.from({ length: 25 }, (_, i) => event(i + 1));

function pageAnswer(call: ApiCall) {
  const body = call.body as { cursor?: string; limit?: number };
  const start = body.cursor ? Number(body.cursor) : 0;
  const limit = body.limit ?? 10;
  const rows = EVENTS.slice(start, start + limit);
  const next = start + limit < EVENTS.length ? String(start + limit) : null;
  return json(200, { rows, nextCursor: next });
}

const renderLog = (handlers: ApiHandlers = {}, role = fullAccess(), link: Record<string, string> = {}) =>
  renderApp(`/event-logs?${new URLSearchParams({ groupName: 'acme', ...link }).toString()}`, {
    ...shellHandlers(memberOf({ acme: role })),
    'POST /api/event-logs/search': pageAnswer,
    'POST /api/dashboard/filter-values': () => json(200, { values: [] }),
    ...handlers,
  });

const headers = () =>
  [...within(screen.getByTestId('event-log-table')).getAllByRole('columnheader')].map((h) => h.textContent);
const searchBox = () => within(screen.getByTestId('event-log-search')).getByRole<HTMLInputElement>('searchbox');
const openLog = () => screen.findByTestId('event-open-req-1');
const showing = () => screen.getByTestId('event-log-showing').textContent;
/** Types an action's name into the multi-select and picks the option it narrows to. */
async function pickAction(name: string) {
  const input = within(screen.getByTestId('event-log-filter-actions')).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(await screen.findByTitle(new RegExp(name.replace(/[()]/g, '\\$&'))));
}
const searches = (sent: (m: string, p: string) => ApiCall[]) =>
  sent('POST', '/api/event-logs/search').map((c) => c.body as Record<string, unknown>);

describe('event log', () => {
  it('shows the default columns with values by name and unit, and asks the last day first', async () => {
    const { sent } = renderLog();
    await openLog();
    expect(headers()).toEqual([
      'Req_id',
      'Domain',
      'Timestamp',
      'Action',
      'Type',
      'Reason',
      'Ip',
      'Country',
      'ISP',
      'Request Headers',
      'Upstream Response Time',
    ]);
    expect(searches(sent)[0]).toEqual({ groupName: 'acme', dateRange: { index: 4 }, filters: [], limit: 10 });
    const row = screen.getByTestId('event-open-req-1').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('Deny');
    expect(row.textContent).toContain('WAF');
    expect(row.textContent).toContain('Germany');
    expect(row.textContent).toContain('250 ms');
    // The reason as the rule form names its conditions.
    expect(row.textContent).toContain('Request URI: ^/login; Proxy Type: Data centre');
    // The console's one way of writing an instant: 24-hour, seconds and the zone.
    expect(row.textContent).toContain(formatInstant('en-US', EVENTS[0]?.timestamp ?? 0));
    expect(row.textContent).toMatch(/\d{2}:\d{2}:\d{2} \S+/);
  });

  it('credits the ISP data with a link, as its licence asks', async () => {
    renderLog();
    await openLog();
    const credit = within(screen.getByTestId('event-log-isp-credit')).getByRole('link');
    expect(credit.getAttribute('href')).toBe('https://db-ip.com');
    expect(credit.textContent).toContain('IP Geolocation by DB-IP');
  });

  it('keeps the chosen columns across a visit', async () => {
    renderLog();
    await openLog();
    fireEvent.click(screen.getByTestId('column-selector'));
    fireEvent.click(await screen.findByTestId('column-selector-isp'));
    fireEvent.click(screen.getByTestId('column-selector-uri'));
    await waitFor(() => expect(headers()).toContain('Path'));
    expect(headers()).not.toContain('ISP');
    expect(readStored('userSelectedColumns')?.eventLog).toContain('uri');
    expect(readStored('userSelectedColumns')?.eventLog).not.toContain('isp');
  });

  it('pages on the cursor, forward and back, with "showing X to Y of Z" and the per-page choice', async () => {
    const { sent } = renderLog({ 'POST /api/event-logs/count': () => json(200, { total: 25 }) });
    await openLog();
    await waitFor(() => expect(showing()).toBe('Showing 1 to 10 of 25 entries'));
    // The count asks what the search asks, without its page.
    expect(sent('POST', '/api/event-logs/count').map((c) => c.body)).toEqual([
      { groupName: 'acme', dateRange: { index: 4 }, filters: [] },
    ]);
    fireEvent.click(screen.getByTestId('event-log-next'));
    await screen.findByTestId('event-open-req-11');
    expect(searches(sent).at(-1)).toMatchObject({ cursor: '10', limit: 10 });
    expect(showing()).toBe('Showing 11 to 20 of 25 entries');
    fireEvent.click(screen.getByTestId('event-log-next'));
    await screen.findByTestId('event-open-req-21');
    expect(showing()).toBe('Showing 21 to 25 of 25 entries');
    expect((screen.getByTestId('event-log-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('event-log-previous'));
    await screen.findByTestId('event-open-req-11');
    expect(showing()).toBe('Showing 11 to 20 of 25 entries');
    await chooseOption('event-log-page-size', '20');
    await waitFor(() => expect(showing()).toBe('Showing 1 to 20 of 25 entries'));
    expect(searches(sent).at(-1)).toEqual(expect.not.objectContaining({ cursor: expect.anything() }));
    expect(searches(sent).at(-1)).toMatchObject({ limit: 20 });
    // Turning pages and the page size change what is shown, not what is counted.
    expect(sent('POST', '/api/event-logs/count')).toHaveLength(1);
  });

  it('leaves the total out while the count fails or is behind the rows, and says it on the last page', async () => {
    renderLog();
    await openLog();
    await waitFor(() => expect(showing()).toBe('Showing 1 to 10'));
    fireEvent.click(screen.getByTestId('event-log-next'));
    await screen.findByTestId('event-open-req-11');
    expect(showing()).toBe('Showing 11 to 20');
    fireEvent.click(screen.getByTestId('event-log-next'));
    await screen.findByTestId('event-open-req-21');
    expect(showing()).toBe('Showing 21 to 25 of 25 entries');
  });

  it('leaves out a count that is fewer than the rows it has paged past', async () => {
    const { sent } = renderLog({ 'POST /api/event-logs/count': () => json(200, { total: 8 }) });
    await openLog();
    await waitFor(() => expect(sent('POST', '/api/event-logs/count')).toHaveLength(1));
    await waitFor(() => expect(showing()).toBe('Showing 1 to 10'));
  });

  it("writes the total as the console's language groups digits", async () => {
    await act(() => changeLocale('zh-CN'));
    try {
      renderLog({ 'POST /api/event-logs/count': () => json(200, { total: 1234567 }) });
      await screen.findByTestId('event-open-req-1');
      await waitFor(() => expect(showing()).toBe('显示第 1 到 10 条，共 1,234,567 条'));
    } finally {
      await act(() => changeLocale('en-US'));
    }
  });

  it('searches a req_id, or deep-searches text, from the first page', async () => {
    const { sent } = renderLog();
    await openLog();
    fireEvent.click(screen.getByTestId('event-log-next'));
    await screen.findByTestId('event-open-req-11');
    const box = within(screen.getByTestId('event-log-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: ' req-7 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ reqId: 'req-7' }));
    expect(searches(sent).at(-1)).not.toHaveProperty('cursor');
    fireEvent.click(screen.getByTestId('event-log-deep'));
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ text: 'req-7' }));
    expect(searches(sent).at(-1)).not.toHaveProperty('reqId');
  });

  it('filters by actions and times from the modal, shown as removable chips', async () => {
    const { sent } = renderLog();
    await openLog();
    fireEvent.click(screen.getByTestId('event-log-filters'));
    await pickAction('Deny');
    await pickAction('Redirect');
    const gt = screen.getByTestId('event-log-filter-request_time-gt');
    fireEvent.change(gt.tagName === 'INPUT' ? gt : within(gt).getByRole('spinbutton'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('event-log-filters-apply'));
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({
        actions: ['01', '06'],
        filters: [{ field: 'request_time', op: 'gt', value: 0.5 }],
      }),
    );
    expect(screen.getByTestId('event-log-actions-chip').textContent).toBe('Action: Deny or Redirect');
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('Request Time > 0.5 sec');
    fireEvent.click(screen.getByTestId('event-filter-remove-0'));
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ filters: [] }));
    fireEvent.click(screen.getByTestId('event-log-actions-remove'));
    await waitFor(() => expect(screen.queryByTestId('event-log-actions-chip')).toBeNull());

    // The modal opens on what is applied: no actions left.
    fireEvent.click(screen.getByTestId('event-log-filters'));
    expect(within(screen.getByTestId('event-log-filter-actions')).queryByText('01 · Deny')).toBeNull();
    await pickAction('(none)');
    fireEvent.click(screen.getByTestId('event-log-filters-clear'));
    fireEvent.click(screen.getByTestId('event-log-filters-apply'));
    await waitFor(() => expect(screen.queryByTestId('event-log-actions-chip')).toBeNull());
  });

  it('opens on the view its address names, and keeps each change in the address', async () => {
    const filters = JSON.stringify([{ field: 'country', op: 'is', value: 'DE' }]);
    const { sent, router } = renderLog({}, fullAccess(), {
      range: '2',
      filters,
      action: '01',
      search: 'req-3',
    });
    await waitFor(() =>
      expect(searches(sent).at(-1)).toMatchObject({
        groupName: 'acme',
        dateRange: { index: 2 },
        filters: [{ field: 'country', op: 'is', value: 'DE' }],
        actions: ['01'],
        reqId: 'req-3',
      }),
    );
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('Country: Germany');
    expect(screen.getByTestId('event-log-actions-chip').textContent).toBe('Action: Deny');
    expect(searchBox().value).toBe('req-3');
    expect(screen.queryByTestId('event-log-link-refused')).toBeNull();

    // A change is written back: the filter removed, Deep Search ticked.
    fireEvent.click(screen.getByTestId('event-filter-remove-0'));
    await waitFor(() => expect(screen.queryByTestId('event-filter-chip-0')).toBeNull());
    expect(router.state.location.search).not.toContain('filters');
    fireEvent.click(screen.getByTestId('event-log-deep'));
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ text: 'req-3', filters: [] }));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      groupName: 'acme',
      range: '2',
      action: '01',
      search: 'req-3',
      deep: '1',
    });

    // The menu's plain address shows the defaults again.
    await router.navigate('/event-logs?groupName=acme');
    await waitFor(() =>
      expect(searches(sent).at(-1)).toEqual({ groupName: 'acme', dateRange: { index: 4 }, filters: [], limit: 10 }),
    );
    expect(searchBox().value).toBe('');
    expect(screen.queryByTestId('event-log-actions-chip')).toBeNull();
  });

  it('says which parts of a link it cannot use, leaves them out and shows the rest', async () => {
    const { sent, router } = renderLog({}, fullAccess(), {
      range: '2',
      filters: '[{"field":"country","op":"gt","value":1}]',
      action: 'explode',
    });
    const alert = await screen.findByTestId('event-log-link-refused');
    expect(alert.textContent).toBe(
      'Part of this link could not be used and was left out: the filters and the actions.',
    );
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ dateRange: { index: 2 }, filters: [] }));
    expect(searches(sent).every((body) => !('actions' in body))).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe('?groupName=acme&range=2'));
    // Said once, and it stays until closed.
    expect(screen.queryByTestId('event-log-link-refused')).not.toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('event-log-link-refused')).toBeNull());
  });

  it('says the range of a time the modal cannot search, keeping what was typed', async () => {
    const { sent } = renderLog();
    await openLog();
    const asked = searches(sent).length;
    fireEvent.click(screen.getByTestId('event-log-filters'));
    const lt = screen.getByTestId('event-log-filter-upstream_response_time-lt');
    const box = lt.tagName === 'INPUT' ? lt : within(lt).getByRole('spinbutton');
    fireEvent.change(box, { target: { value: '-5' } });
    fireEvent.blur(box);
    fireEvent.click(screen.getByTestId('event-log-filters-apply'));
    expect(await screen.findByText('Enter a number from 0 to 9,007,199,254,740,991.')).toBeTruthy();
    // antd's own min once turned -5 into 0 on blur, and searched that.
    expect((box as HTMLInputElement).value).toMatch(/^-5(\.0)?$/);
    expect(searches(sent)).toHaveLength(asked);
  });

  it('refuses a search text longer than a req_id, saying the limit, and sends nothing', async () => {
    const { sent } = renderLog();
    await openLog();
    const asked = searches(sent).length;
    const box = within(screen.getByTestId('event-log-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'x'.repeat(65) } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('At most 64 characters.')).toBeTruthy();
    expect(searches(sent)).toHaveLength(asked);
    // Deep Search takes longer text.
    fireEvent.click(screen.getByTestId('event-log-deep'));
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ text: 'x'.repeat(65) }));
  });

  it('opens an event with every field, and its headers from the eye icon', async () => {
    renderLog();
    await openLog();
    fireEvent.click(screen.getByTestId('event-headers-req-1'));
    const modal = await screen.findByText('Request headers of req-1');
    expect(modal).toBeTruthy();
    expect(screen.getAllByText('curl/8.0').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('event-open-req-1'));
    expect((await screen.findByTestId('event-detail-client_ip')).textContent).toBe('203.0.113.1');
    expect(screen.getByTestId('event-detail-action').textContent).toBe('Deny');
    expect(screen.getByTestId('event-detail-proxy_type').textContent).toBe('Data centre');
    expect(screen.getByTestId('event-detail-reason').textContent).toBe('Request URI: ^/login; Proxy Type: Data centre');
    expect(screen.getByTestId('event-detail-upstream_status').textContent).toBe('-');
    expect(screen.getByTestId('event-detail-bytes_sent').textContent).toMatch(/^0\s?B/);
    // Read in full: to the millisecond, with the zone, as the table writes it otherwise.
    const time = screen.getByTestId('event-detail-timestamp').textContent;
    expect(time).toBe(formatInstant('en-US', EVENTS[0]?.timestamp ?? 0, { ms: true }));
    expect(time).toMatch(/\d{2}:\d{2}:\d{2}\.000 \S+$/);
  });

  it('exports the filtered set in the chosen format as a download', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const csv = '\uFEFFreq_id,timestamp\r\nreq-1,2026-11-20T12:00:00.000Z\r\n';
    const { sent } = renderLog({
      'POST /api/event-logs/export': () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
    });
    await openLog();
    const box = within(screen.getByTestId('event-log-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'req-1' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // The search goes through the page's address first (lib/event-log-link.ts).
    await waitFor(() => expect(searches(sent).at(-1)).toMatchObject({ reqId: 'req-1' }));
    fireEvent.click(screen.getByTestId('event-log-export'));
    fireEvent.click(await screen.findByText('CSV (at most 10,000 rows)'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(sent('POST', '/api/event-logs/export')[0]?.body).toEqual({
      groupName: 'acme',
      dateRange: { index: 4 },
      filters: [],
      reqId: 'req-1',
      format: 'csv',
    });
    // The answer's byte order mark is lost in decoding; the file gets it back for Excel.
    expect(new Uint8Array(await (created[0] as Blob).arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect(await created[0]?.text()).toBe(csv);
    clicked.mockRestore();
  });

  it('shows a refused range as the translated field message', async () => {
    renderLog({
      'POST /api/event-logs/search': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'Form Error / Error: Please check the form error.',
          fields: { 'dateRange.from': 'range_too_early' },
        }),
    });
    expect((await screen.findByTestId('event-log-error')).textContent).toContain(
      'The start may be at most 44 days back.',
    );
    // A failed search is not an empty range.
    expect(screen.queryByText('No events in this range.')).toBeNull();
  });

  it('drafts a rule from an event and opens the rule form filled with it', async () => {
    const { router } = renderLog({
      'GET /api/waf-rules': () => json(200, { items: [], total: 0 }),
      'GET /api/group/resource-limits': () =>
        json(200, { groupName: 'acme', plan: { resourceLimits: {}, wafActions: [] }, usage: {} }),
    });
    await openLog();
    fireEvent.click(screen.getByTestId('event-open-req-1'));
    fireEvent.click(await screen.findByTestId('event-create-rule'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/firewall_rules'));
    const ip = (await screen.findByTestId('waf-rule-wafIp')) as HTMLTextAreaElement;
    expect(ip.value).toBe('203.0.113.1');
    expect((screen.getByTestId('waf-rule-wafUri') as HTMLTextAreaElement).value).toBe('^/login\\.php$');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('offers no rule to a reader without firewall rule write', async () => {
    renderLog({}, readOnlyAccess());
    await openLog();
    fireEvent.click(screen.getByTestId('event-open-req-1'));
    await screen.findByTestId('event-detail-client_ip');
    expect(screen.queryByTestId('event-create-rule')).toBeNull();
  });
});
