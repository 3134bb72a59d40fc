import {
  CUSTOM_RANGE_MAX_DAYS_BACK,
  NOT_ALLOWED_FILTER,
  PLANS,
  WAF_EVENT_FILTER,
  TIME_RANGE_CUSTOM_INDEX,
  type DashboardSeriesRequest,
  type DashboardTopRequest,
} from '@parapet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blockedRequest } from '@/test/activity-row';
import { chooseOption } from '@/test/filter-steps';
import { ADMIN_USER, group, json, memberOf, renderApp, shellHandlers, type ApiCall } from '@/test/render-app';
import type { TimeSeriesChartProps } from './charts/time-series-chart';

/**
 * The dashboard page (issue 13 item 5): tab URLs, the range, zoom and reset, filters, what is
 * kept for the user and click-to-filter. The chart is stood in for by buttons that fire its
 * events: ECharts' own drag and click are tested with the charts (charts/), and happy-dom has
 * no canvas to draw them on.
 */

const ZOOM_FROM = 1_700_000_000_000;
const ZOOM_TO = ZOOM_FROM + 3_600_000;

// happy-dom has no canvas: the other charts draw nothing here, but their data and clicks are ours.
vi.mock('./charts/echart', () => ({ EChart: () => <div data-testid="fake-echart" /> }));

vi.mock('./charts/time-series-chart', () => ({
  TimeSeriesChart: (props: TimeSeriesChartProps) => (
    <div data-testid="fake-chart">
      {props.series.map((s) => (
        <button key={String(s.key)} type="button" onClick={() => s.key !== null && props.onSeriesClick?.(s.key)}>
          {`series ${s.label}`}
        </button>
      ))}
      <button type="button" onClick={() => props.onZoom?.(ZOOM_FROM, ZOOM_TO)}>
        drag
      </button>
    </div>
  ),
}));

const USER = memberOf({ alpha: { dashboard: { read: true } } });
/** The same member, who may also read the group's event log. */
const LOG_READER = memberOf({ alpha: { dashboard: { read: true }, eventLogs: { read: true } } });
const STORED = 'parapet.dashboardFilterOptions';

function answerSeries(call: ApiCall) {
  const body = call.body as DashboardSeriesRequest;
  const points = body.groupBy
    ? [
        { bucket: 0, key: 'DE', value: 5 },
        { bucket: 0, key: 'US', value: 9 },
      ]
    : [{ bucket: 0, key: null, value: 1234 }];
  return json(200, { from: 0, to: 3_600_000, bucketMs: 60_000, points });
}

function answerTop(call: ApiCall) {
  const body = call.body as DashboardTopRequest;
  const entries = body.dimension === 'country' ? [{ key: 'FR', value: 7 }] : [{ key: `${body.dimension}-1`, value: 3 }];
  return json(200, { from: 0, to: 3_600_000, entries });
}

function renderDashboard(path = '/home?groupName=alpha', extra: Parameters<typeof renderApp>[1] = {}, user = USER) {
  return renderApp(path, {
    ...shellHandlers(user),
    'POST /api/dashboard/series': answerSeries,
    'POST /api/dashboard/top': answerTop,
    'POST /api/dashboard/activity': () => json(200, { from: 0, to: 1, rows: [] }),
    'POST /api/dashboard/filter-values': () => json(200, { values: [] }),
    ...extra,
  });
}

/** A blocked request of the activity log, by its id and time. */
const activityRow = (reqId: string, timestamp: number) => blockedRequest({ req_id: reqId, timestamp });

const seriesBodies = (sent: ReturnType<typeof renderApp>['sent']) =>
  sent('POST', '/api/dashboard/series').map((c) => c.body as DashboardSeriesRequest);
const stored = () => JSON.parse(localStorage.getItem(STORED) ?? '{}') as Record<string, unknown>;
/** Choices the user kept from an earlier visit, as the console stores them. */
const keepChoices = (choices: Record<string, unknown>) => localStorage.setItem(STORED, JSON.stringify(choices));

describe('dashboard', () => {
  beforeEach(() => localStorage.clear());

  it('has six tabs, each with its own URL, and each tab asks for its own widgets', async () => {
    const { router, sent } = renderDashboard();
    const tabs = await screen.findByTestId('dashboard-tabs');
    for (const label of [
      'Overview',
      'Data Usage',
      'Data Transfer',
      'Web Protection',
      'Firewall',
      'Acceleration and Caching',
    ])
      expect(within(tabs).getByText(label)).toBeTruthy();
    expect(await screen.findByTestId('dashboard-tab-overview')).toBeTruthy();
    expect(await screen.findByTestId('dashboard-tile-requests-value')).toBeTruthy();
    expect(screen.getByTestId('dashboard-tile-requests-value').getAttribute('title')).toBe('1,234 requests');

    fireEvent.click(within(tabs).getByText('Firewall'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/firewall'));
    expect(router.state.location.search).toContain('groupName=alpha');
    expect(await screen.findByTestId('dashboard-tab-firewall')).toBeTruthy();
    await waitFor(() =>
      expect(seriesBodies(sent).some((b) => b.filters.some((f) => f.field === 'type' && f.value === '01'))).toBe(true),
    );
    expect(await screen.findByTestId('dashboard-activity-log')).toBeTruthy();

    fireEvent.click(within(tabs).getByText('Web Protection'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/web-protection'));
    expect(await screen.findByTestId('dashboard-tab-webProtection')).toBeTruthy();
  });

  it('opens a tab from its URL', async () => {
    renderDashboard('/home/data-transfer?groupName=alpha');
    expect(await screen.findByTestId('dashboard-tab-dataTransfer')).toBeTruthy();
  });

  it('shows the view its address names: the range and filters in every call, kept for the user', async () => {
    keepChoices({
      filters: [{ field: 'status', op: 'gt', value: 499 }],
      dateRange: { range: { index: 5 }, previous: null, zoomed: false },
      sourceListSize: 10,
    });
    const germany = { field: 'country', op: 'is', value: 'DE' };
    const link = `range=1&filters=${encodeURIComponent(JSON.stringify([germany]))}`;
    const { sent, router } = renderDashboard(`/home/firewall?groupName=alpha&${link}`);
    expect((await screen.findByTestId('event-filter-chip-0')).textContent).toBe('Country: Germany');
    await waitFor(() => expect(seriesBodies(sent).length).toBeGreaterThan(0));
    // The loader's calls too: none went out for the kept range or filters.
    for (const body of seriesBodies(sent)) {
      expect(body.dateRange).toEqual({ index: 1 });
      expect(body.filters).toContainEqual(germany);
      expect(body.filters).not.toContainEqual({ field: 'status', op: 'gt', value: 499 });
    }
    expect(stored()).toMatchObject({ filters: [germany], dateRange: { range: { index: 1 } }, sourceListSize: 10 });
    expect(router.state.location.search).toBe(`?groupName=alpha&${link}`);
    expect(screen.queryByTestId('dashboard-link-refused')).toBeNull();
  });

  it('keeps the range and the filters in its address as they change, across its tabs', async () => {
    const { router } = renderDashboard();
    await screen.findByTestId('dashboard-tab-overview');
    expect(router.state.location.search).toBe('?groupName=alpha');
    await chooseOption('dashboard-range', '2');
    await waitFor(() => expect(router.state.location.search).toBe('?groupName=alpha&range=2'));
    fireEvent.click(await screen.findByTestId('dashboard-group-by-country'));
    fireEvent.click(await screen.findByText('series Germany'));
    const filters = encodeURIComponent(JSON.stringify([{ field: 'country', op: 'is', value: 'DE' }]));
    await waitFor(() => expect(router.state.location.search).toBe(`?groupName=alpha&range=2&filters=${filters}`));
    // Clicked as soon as the router has the new address, before the page has drawn with it: the
    // tab carries the address from before the change, and the page writes its view back in.
    fireEvent.click(within(screen.getByTestId('dashboard-tabs')).getByText('Firewall'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/firewall'));
    await waitFor(() => expect(router.state.location.search).toBe(`?groupName=alpha&range=2&filters=${filters}`));
    // The menu's plain address shows the same view, and gets it written in.
    await router.navigate('/home?groupName=alpha');
    await waitFor(() => expect(router.state.location.search).toBe(`?groupName=alpha&range=2&filters=${filters}`));
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('Country: Germany');
  });

  it('reloads a zoomed view zoomed, Reset still going back to the range picked before', async () => {
    keepChoices({
      dateRange: {
        range: { index: TIME_RANGE_CUSTOM_INDEX, from: ZOOM_FROM, to: ZOOM_TO },
        previous: { index: 2 },
        zoomed: true,
      },
    });
    vi.setSystemTime(ZOOM_TO + 3_600_000);
    try {
      const { router } = renderDashboard(`/home?groupName=alpha&range=6&from=${ZOOM_FROM}&to=${ZOOM_TO}`);
      expect(await screen.findByTestId('dashboard-zoomed')).toBeTruthy();
      fireEvent.click(screen.getByTestId('dashboard-zoom-reset'));
      await waitFor(() => expect(router.state.location.search).toBe('?groupName=alpha&range=2'));
      expect(stored()).toMatchObject({ dateRange: { range: { index: 2 }, previous: null, zoomed: false } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says which part of a link it could not use, and leaves it out of the calls and the address', async () => {
    const germany = encodeURIComponent(JSON.stringify([{ field: 'country', op: 'is', value: 'DE' }]));
    const { router, sent } = renderDashboard(`/home?groupName=alpha&range=9&filters=${germany}`);
    expect((await screen.findByTestId('dashboard-link-refused')).textContent).toBe(
      'Part of this link could not be used and was left out: the time range.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?groupName=alpha&filters=${germany}`));
    await waitFor(() => expect(seriesBodies(sent).length).toBeGreaterThan(0));
    expect(seriesBodies(sent).every((b) => b.dateRange.index === 4)).toBe(true);
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('Country: Germany');
    fireEvent.click(within(screen.getByTestId('dashboard-link-refused')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('dashboard-link-refused')).toBeNull();
  });

  it('asks again for a changed range and keeps it for the user', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-tab-overview');
    await waitFor(() => expect(seriesBodies(sent).length).toBeGreaterThan(0));
    expect(seriesBodies(sent).every((b) => b.dateRange.index === 4)).toBe(true);
    await chooseOption('dashboard-range', '1');
    await waitFor(() => expect(seriesBodies(sent).some((b) => b.dateRange.index === 1)).toBe(true));
    expect(stored()).toMatchObject({ dateRange: { range: { index: 1 }, zoomed: false } });
  });

  it('zooms to the dragged span, remembers the range before, and Reset restores it', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-range');
    await chooseOption('dashboard-range', '2');
    // The charts' code loads on its own (charts/lazy-charts.tsx).
    fireEvent.click(await screen.findByText('drag'));
    await waitFor(() =>
      expect(seriesBodies(sent).at(-1)?.dateRange).toEqual({
        index: TIME_RANGE_CUSTOM_INDEX,
        from: ZOOM_FROM,
        to: ZOOM_TO,
      }),
    );
    expect(screen.getByTestId('dashboard-zoomed')).toBeTruthy();
    expect(stored()).toMatchObject({ dateRange: { previous: { index: 2 }, zoomed: true } });

    // A second zoom keeps the range the user chose, not the first zoom's.
    fireEvent.click(screen.getByText('drag'));
    expect(stored()).toMatchObject({ dateRange: { previous: { index: 2 }, zoomed: true } });

    fireEvent.click(screen.getByTestId('dashboard-zoom-reset'));
    await waitFor(() => expect(screen.getByTestId('dashboard-range').textContent).toContain('Last 3 hours'));
    expect(screen.queryByTestId('dashboard-zoomed')).toBeNull();
    expect(stored()).toMatchObject({ dateRange: { range: { index: 2 }, previous: null, zoomed: false } });
  });

  it('adds, edits and removes filters, sends them with every call and keeps them', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-tab-overview');
    fireEvent.click(screen.getByTestId('event-filter-add'));
    await chooseOption('event-filter-field', 'country');
    const value = within(screen.getByTestId('event-filter-value')).getByRole('combobox');
    fireEvent.change(value, { target: { value: 'DE' } });
    fireEvent.click(screen.getByTestId('event-filter-save'));
    const germany = { field: 'country', op: 'is', value: 'DE' };
    await waitFor(() => expect(seriesBodies(sent).at(-1)?.filters).toContainEqual(germany));
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('Country: Germany');
    expect(stored()).toMatchObject({ filters: [germany] });

    fireEvent.click(screen.getByTestId('event-filter-chip-0'));
    await chooseOption('event-filter-op', 'is_not');
    fireEvent.click(screen.getByTestId('event-filter-save'));
    await waitFor(() => expect(stored()).toMatchObject({ filters: [{ ...germany, op: 'is_not' }] }));
    expect(screen.getByTestId('event-filter-chip-0').textContent).toBe('NOT Country: Germany');

    fireEvent.click(screen.getByTestId('event-filter-remove-0'));
    await waitFor(() => expect(stored()).toMatchObject({ filters: [] }));
    expect(screen.queryByTestId('event-filter-chip-0')).toBeNull();
  });

  it("says a kept range reaches past what the group's plan keeps, and still asks for it", async () => {
    const DAY = 86_400_000;
    const from = Date.now() - 20 * DAY;
    keepChoices({
      dateRange: { range: { index: TIME_RANGE_CUSTOM_INDEX, from, to: from + DAY }, previous: null, zoomed: false },
    });
    const { sent } = renderDashboard(undefined, {
      'GET /api/group/resource-limits': () => json(200, { groupName: 'alpha', plan: PLANS.basic, usage: {} }),
    });
    expect((await screen.findByTestId('dashboard-range-retention')).textContent).toBe(
      `This group's plan keeps events for ${PLANS.basic.resourceLimits.logRetentionDays} days, so the range shows nothing before then.`,
    );
    await waitFor(() => expect(seriesBodies(sent).some((b) => b.dateRange.from === from)).toBe(true));
  });

  it('starts from what the user kept: filters, range and chart options', async () => {
    keepChoices({
      filters: [{ field: 'status', op: 'gt', value: 499 }],
      dateRange: { range: { index: 3 }, previous: null, zoomed: false },
      chartOptions: {
        overview: {
          visualization: 'bar',
          metric: 'dataUsage',
          groupBy: 'terms',
          termField: 'country',
          termSize: 4,
          groupByFilters: [],
        },
      },
      sourceListSize: 10,
    });
    const { sent } = renderDashboard();
    await waitFor(() => expect(seriesBodies(sent).some((b) => b.groupBy === 'country')).toBe(true));
    const main = seriesBodies(sent).find((b) => b.groupBy === 'country');
    expect(main).toMatchObject({
      dateRange: { index: 3 },
      metric: 'bytes',
      termSize: 4,
      filters: [{ field: 'status', op: 'gt', value: 499 }],
    });
    // The calls start from the route's loader, before the page shows.
    expect((await screen.findByTestId('event-filter-chip-0')).textContent).toBe('Status Code > 499');
    await waitFor(() =>
      expect(sent('POST', '/api/dashboard/top').some((c) => (c.body as DashboardTopRequest).n === 10)).toBe(true),
    );
  });

  it('asks for each widget once: the calls the loader starts are the ones the widgets use', async () => {
    const { sent } = renderDashboard();
    expect(await screen.findByTestId('dashboard-tile-requests-value')).toBeTruthy();
    await screen.findAllByTestId('dashboard-by-source-list-row');
    const bodies = (path: string) => sent('POST', path).map((c) => JSON.stringify(c.body));
    for (const path of ['/api/dashboard/series', '/api/dashboard/top']) {
      expect(bodies(path).length).toBeGreaterThan(0);
      expect(new Set(bodies(path)).size).toBe(bodies(path).length);
    }
    // The by-source card shows one list: the others are not asked for until chosen.
    const dimensions = sent('POST', '/api/dashboard/top').map((c) => (c.body as DashboardTopRequest).dimension);
    expect(dimensions.filter((d) => d !== 'country')).toHaveLength(1);
  });

  it('drops a kept choice that no longer holds and keeps the others', async () => {
    keepChoices({
      filters: [{ field: 'secret', op: 'is', value: 'x' }],
      dateRange: { range: { index: 1 }, previous: null, zoomed: false },
    });
    const { sent } = renderDashboard();
    await waitFor(() => expect(seriesBodies(sent).length).toBeGreaterThan(0));
    expect(seriesBodies(sent)[0]).toMatchObject({ dateRange: { index: 1 }, filters: [] });
  });

  it('adds an "is" filter for a clicked series and for a list row, and "is not" from a row\'s exclude', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-tab-overview');
    fireEvent.click(await screen.findByTestId('dashboard-group-by-country'));
    fireEvent.click(await screen.findByText('series Germany'));
    await waitFor(() => expect(stored()).toMatchObject({ filters: [{ field: 'country', op: 'is', value: 'DE' }] }));
    await waitFor(() =>
      expect(seriesBodies(sent).at(-1)?.filters).toContainEqual({ field: 'country', op: 'is', value: 'DE' }),
    );

    // The by-source list: the first field is the client IP.
    const list = await screen.findByTestId('dashboard-by-source-list');
    fireEvent.click(await within(list).findByText('client_ip-1'));
    await waitFor(() =>
      expect((stored().filters as unknown[]).at(-1)).toEqual({ field: 'client_ip', op: 'is', value: 'client_ip-1' }),
    );

    // Another field of the card, and its row excluded.
    await chooseOption('dashboard-by-source', 'uri');
    fireEvent.click(await within(list).findByLabelText('Exclude uri-1'));
    await waitFor(() =>
      expect((stored().filters as unknown[]).at(-1)).toEqual({ field: 'uri', op: 'is_not', value: 'uri-1' }),
    );
    expect(screen.getAllByTestId(/^event-filter-chip-/).map((chip) => chip.textContent)).toEqual([
      'Country: Germany',
      'Ip: client_ip-1',
      'NOT Path: uri-1',
    ]);
  });

  it('applies the chart options, refusing a term size out of range rather than clamping it', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-main-chart');
    fireEvent.click(screen.getByTestId('chart-options-open'));
    await chooseOption('chart-options-metric', 'dataUsage');
    await chooseOption('chart-options-group-by', 'terms');
    await chooseOption('chart-options-term-field', 'country');
    await waitFor(() =>
      expect(seriesBodies(sent).at(-1)).toMatchObject({ metric: 'bytes', groupBy: 'country', termSize: 10 }),
    );

    const box = screen.getByTestId('chart-options-term-size');
    const termSize = box.querySelector('input') ?? box;
    fireEvent.change(termSize, { target: { value: '60' } });
    expect(await screen.findByText('Enter a whole number from 1 to 50.')).toBeTruthy();
    expect(stored()).toMatchObject({ chartOptions: { overview: { termSize: 10 } } });
    fireEvent.change(termSize, { target: { value: '3' } });
    await waitFor(() => expect(seriesBodies(sent).at(-1)).toMatchObject({ groupBy: 'country', termSize: 3 }));
    expect(stored()).toMatchObject({
      chartOptions: { overview: { metric: 'dataUsage', termField: 'country', termSize: 3 } },
    });
  });

  it('asks an admin on "all" groups to choose one, and calls for nothing', async () => {
    const { sent } = renderApp('/home?groupName=all', { ...shellHandlers(ADMIN_USER, [group('alpha')]) });
    expect((await screen.findByTestId('dashboard-no-group')).textContent).toContain('Choose a group');
    expect(sent('POST', '/api/dashboard/series')).toEqual([]);
    // Each group the admin may open is offered, as a link to this tab for it.
    expect(screen.getByTestId('dashboard-choose-group-alpha').getAttribute('href')).toBe('/home?groupName=alpha');
    expect(screen.queryByTestId('dashboard-choose-group-all')).toBeNull();
  });

  // A 5xx is asked again twice, a second then two apart (lib/query-client.ts), before it fails.
  const FAILS_WITHIN = { timeout: 15_000 };
  const busy = () => json(503, { code: 'EVENT_STORE_BUSY', message: 'The event store is busy.' });

  it('says a widget could not be loaded rather than showing 0 or "No data"', async () => {
    renderDashboard('/home?groupName=alpha', {
      'POST /api/dashboard/series': () => json(500, { code: 'INTERNAL', message: 'Internal error.' }),
      'POST /api/dashboard/top': busy,
    });
    const failed = 'Could not be loaded. Please try again.';
    const tile = await screen.findByTestId('dashboard-tile-requests-failed', {}, FAILS_WITHIN);
    expect(tile.textContent).toBe(failed);
    expect(screen.queryByTestId('dashboard-tile-requests-value')).toBeNull();
    expect(screen.getByTestId('dashboard-tile-bytes-failed').textContent).toBe(failed);
    const map = await screen.findByTestId('dashboard-breakdown-requestsByCountry-failed', {}, FAILS_WITHIN);
    expect(map.textContent).toBe(failed);
    const bySource = within(screen.getByTestId('dashboard-by-source-list'));
    expect((await bySource.findByTestId('dashboard-by-source-list-failed', {}, FAILS_WITHIN)).textContent).toBe(failed);
    expect(screen.queryByText('No data')).toBeNull();
    expect(screen.queryByText(/^0 (requests|B)$/)).toBeNull();
    // The main chart says so in its own words, and the "no events" notice is not shown.
    expect(screen.getByTestId('dashboard-main-chart').textContent).toContain('The chart could not be loaded.');
    expect(screen.queryByTestId('dashboard-no-data')).toBeNull();
  });

  it('says the activity log could not be loaded rather than showing no events', async () => {
    renderDashboard('/home/web-protection?groupName=alpha', { 'POST /api/dashboard/activity': busy });
    const log = await screen.findByTestId('dashboard-activity-log-failed', {}, FAILS_WITHIN);
    expect(log.textContent).toBe('Could not be loaded. Please try again.');
    expect(screen.queryByText('No firewall events in this time range.')).toBeNull();
  });

  it('refuses a custom range whose end is not after its start, keeps the range and saves nothing', async () => {
    const { sent } = renderDashboard();
    await screen.findByTestId('dashboard-range');
    await chooseOption('dashboard-range', '3');
    await chooseOption('dashboard-range', String(TIME_RANGE_CUSTOM_INDEX));
    const kept = stored();
    const calls = seriesBodies(sent).length;
    const [start, end] = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    for (const input of [start, end]) {
      if (!input) throw new Error('no picker input');
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '2026-11-20 10:00' } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect((await screen.findByTestId('dashboard-range-problem')).textContent).toBe(
      'The end must come after the start.',
    );
    expect(stored()).toEqual(kept);
    expect(
      seriesBodies(sent)
        .slice(calls)
        .some((b) => b.dateRange.from === b.dateRange.to),
    ).toBe(false);
  });

  it('says the range is the problem when the server refuses it, in every widget', async () => {
    const refused = () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed.',
        fields: { 'dateRange.from': 'range_too_early' },
      });
    renderDashboard('/home/web-protection?groupName=alpha', {
      'POST /api/dashboard/series': refused,
      'POST /api/dashboard/top': refused,
      'POST /api/dashboard/activity': refused,
    });
    const said = `This time range cannot be shown. Choose another one.The start may be at most ${CUSTOM_RANGE_MAX_DAYS_BACK} days back.`;
    expect((await screen.findByTestId('dashboard-tile-wafEvents-failed')).textContent).toBe(said);
    expect((await screen.findByTestId('dashboard-main-chart-failed')).textContent).toBe(said);
    expect((await screen.findByTestId('dashboard-activity-log-failed')).textContent).toBe(said);
    const bySource = within(screen.getByTestId('dashboard-by-source-list'));
    expect((await bySource.findByTestId('dashboard-by-source-list-failed')).textContent).toBe(said);
    expect(screen.queryByText(/try again/)).toBeNull();
  });

  it('says so when the group has no events in the range', async () => {
    renderDashboard('/home?groupName=alpha', {
      'POST /api/dashboard/series': () => json(200, { from: 0, to: 1, bucketMs: 60_000, points: [] }),
    });
    expect((await screen.findByTestId('dashboard-no-data')).textContent).toContain(
      'Group alpha has no events in this time range.',
    );
  });

  it('says what the Firewall tab is missing, not that the group has no events', async () => {
    renderDashboard('/home/firewall?groupName=alpha', {
      'POST /api/dashboard/series': () => json(200, { from: 0, to: 1, bucketMs: 60_000, points: [] }),
    });
    expect((await screen.findByTestId('dashboard-no-data')).textContent).toContain(
      'Group alpha has no WAF events in this time range.',
    );
  });

  it('says what the Web Protection tab is missing under filters', async () => {
    keepChoices({ filters: [{ field: 'country', op: 'is', value: 'DE' }] });
    renderDashboard('/home/web-protection?groupName=alpha', {
      'POST /api/dashboard/series': () => json(200, { from: 0, to: 1, bucketMs: 60_000, points: [] }),
    });
    expect((await screen.findByTestId('dashboard-no-data')).textContent).toContain(
      'No requests of group alpha that a rule matched in this time range match the filters.',
    );
  });

  it("opens the events a tab counts in the event log: its range, its own filters and the user's", async () => {
    const germany = { field: 'country', op: 'is', value: 'DE' };
    keepChoices({ filters: [germany], dateRange: { range: { index: 2 }, previous: null, zoomed: false } });
    const { sent, router } = renderDashboard(
      '/home/firewall?groupName=alpha',
      { 'POST /api/event-logs/search': () => json(200, { rows: [], nextCursor: null }) },
      LOG_READER,
    );
    const link = await screen.findByTestId('dashboard-open-log');
    expect(link.textContent).toContain('Open in Event Logs');
    const url = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(url.pathname).toBe('/event-logs');
    expect(url.searchParams.get('groupName')).toBe('alpha');
    expect(url.searchParams.get('range')).toBe('2');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual([WAF_EVENT_FILTER, NOT_ALLOWED_FILTER, germany]);

    // Followed, the log asks for exactly those events and shows the filters as its chips.
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-logs'));
    await waitFor(() =>
      expect(sent('POST', '/api/event-logs/search').at(-1)?.body).toMatchObject({
        groupName: 'alpha',
        dateRange: { index: 2 },
        filters: [WAF_EVENT_FILTER, NOT_ALLOWED_FILTER, germany],
      }),
    );
    expect((await screen.findByTestId('event-filter-chip-2')).textContent).toBe('Country: Germany');
  });

  it('links an activity row to its event in the log, in the minute that holds it', async () => {
    const at = Date.UTC(2026, 10, 29, 21, 14, 33);
    const row = activityRow('req-77', at);
    renderDashboard(
      '/home/web-protection?groupName=alpha',
      { 'POST /api/dashboard/activity': () => json(200, { from: 0, to: 1, rows: [row] }) },
      LOG_READER,
    );
    const link = await screen.findByRole('link', { name: 'Open request req-77 in the event log' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      groupName: 'alpha',
      range: String(TIME_RANGE_CUSTOM_INDEX),
      from: String(Date.UTC(2026, 10, 29, 21, 14)),
      to: String(Date.UTC(2026, 10, 29, 21, 15)),
      search: 'req-77',
    });
  });

  it('offers no link into the event log to a member who may not read it', async () => {
    renderDashboard('/home/web-protection?groupName=alpha', {
      'POST /api/dashboard/activity': () =>
        json(200, {
          from: 0,
          to: 1,
          rows: [activityRow('req-78', Date.UTC(2026, 10, 29, 21, 14))],
        }),
    });
    expect(await screen.findByText('req-78')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /req-78/ })).toBeNull();
    expect(screen.queryByTestId('dashboard-open-log')).toBeNull();
  });
});
