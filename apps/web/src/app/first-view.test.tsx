import { act, waitFor } from '@testing-library/react';
import { PLANS, type DashboardSeriesRequest, type DashboardTopRequest, type FirstViewResult } from '@parapet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render as renderFirstView } from '@/entry-server';
import { setApiTransport } from '@/lib/api-client';
import { formatInstant } from '@/lib/format-time';
import type * as SocketModule from '@/lib/socket';
import { blockedRequest } from '@/test/activity-row';
import { answerFrom, json, memberOf, shellHandlers, type ApiCall, type ApiHandlers } from '@/test/render-app';
import { startConsole, type StartedConsole } from './start-console';

// The socket would try the network from the frame the console renders, and ECharts a canvas that
// happy-dom has not; neither is what is tested here (the browser tests draw both).
vi.mock('@/features/dashboard/charts/echart', () => ({ EChart: () => <div data-testid="fake-echart" /> }));
vi.mock('@/lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
}));

const USER = memberOf({ alpha: { dashboard: { read: true } } });
const PAGE = '/home?groupName=alpha';
const STORED_OPTIONS = 'parapet.dashboardFilterOptions';

/** One blocked request for the firewall tab's activity log, at a time whose text depends on the time zone. */
const BLOCKED_AT = Date.UTC(2026, 10, 20, 12, 0, 0);
const BLOCKED = blockedRequest({ req_id: 'req-1', timestamp: BLOCKED_AT, rule: 'deny-login', reason: 'listed' });
const HANDLERS: ApiHandlers = {
  ...shellHandlers(USER),
  'POST /api/dashboard/series': (call) => {
    const body = call.body as DashboardSeriesRequest;
    const points = body.groupBy ? [] : [{ bucket: 0, key: null, value: body.metric === 'bytes' ? 5e9 : 1234 }];
    return json(200, { from: 0, to: 86_400_000, bucketMs: 600_000, points });
  },
  'POST /api/dashboard/top': (call) => {
    const body = call.body as DashboardTopRequest;
    return json(200, {
      from: 0,
      to: 86_400_000,
      entries: [{ key: body.dimension === 'country' ? 'FR' : '10.0.0.1', value: 7 }],
    });
  },
  'POST /api/dashboard/activity': () => json(200, { from: BLOCKED_AT - 86_400_000, to: BLOCKED_AT, rows: [BLOCKED] }),
  'GET /api/group/resource-limits': () => json(200, { groupName: 'alpha', plan: PLANS.basic, usage: {} }),
};

const browserFetch: typeof fetch = (input, init) => fetch(input, init);

/** The server's page for `url`: its first view rendered with HANDLERS as the API, put in the document. */
async function serverPage(url: string): Promise<HTMLElement> {
  const serverCalls: ApiCall[] = [];
  const answer = answerFrom(HANDLERS, serverCalls);
  const result: FirstViewResult = await renderFirstView({
    url,
    locale: 'en-US',
    transport: (u, init) => answer(u, init),
  });
  // The renderer routes every call of the module graph it shares with this test: back to fetch.
  setApiTransport(browserFetch);
  if (result.kind !== 'page') throw new Error(`no first view: ${result.reason}`);
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root" inert>${result.html}</div>${result.state}`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

describe('the dashboard’s first view, from the server to the browser', () => {
  const calls: ApiCall[] = [];
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);

  beforeEach(() => {
    calls.length = 0;
    errors.length = 0;
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(answerFrom(HANDLERS, calls)));
    window.addEventListener('error', onError);
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  });
  // Each console a test starts is unmounted after it: React left rendering would run its
  // scheduler after the test environment is gone ("window is not defined", failing the run).
  const consoles: StartedConsole[] = [];
  const started = async (root: HTMLElement) => {
    const app = await startConsole(root);
    consoles.push(app);
    return app;
  };
  afterEach(() => {
    for (const running of consoles.splice(0)) act(() => running.unmount());
    window.removeEventListener('error', onError);
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('arrives with the figures in the page, before any script runs', async () => {
    const root = await serverPage(PAGE);
    expect(root.querySelector('[data-testid="dashboard-tile-requests-value"]')?.textContent).toBe('1.2K requests');
    expect(root.querySelector('[data-testid="dashboard-tile-bytes-value"]')?.textContent).toBe('4.7 GB');
    expect(root.querySelector('[data-testid="sidebar"]')).not.toBeNull();
  });

  it('is taken over as it is: no call asked again, nothing drawn again, and usable once taken', async () => {
    const root = await serverPage(PAGE);
    const tile = root.querySelector('[data-testid="dashboard-tile-requests-value"]');
    const { router } = await started(root);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    // The same element: hydrated, not replaced.
    expect(root.querySelector('[data-testid="dashboard-tile-requests-value"]')).toBe(tile);
    expect(tile?.textContent).toBe('1.2K requests');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([]);
    expect(errors).toEqual([]);
    await router.navigate('/home/firewall?groupName=alpha');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/dashboard/series')).toBe(true));
  });

  it('is replaced by the browser’s own when this browser chose another range', async () => {
    const root = await serverPage(PAGE);
    localStorage.setItem(
      STORED_OPTIONS,
      JSON.stringify({ dateRange: { range: { index: 1 }, previous: null, zoomed: false } }),
    );
    await started(root);
    await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    const ranges = calls
      .filter((c) => c.path === '/api/dashboard/series')
      .map((c) => (c.body as DashboardSeriesRequest).dateRange);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((range) => 'index' in range && range.index === 1)).toBe(true);
    await waitFor(() =>
      expect(root.querySelector('[data-testid="dashboard-tile-requests-value"]')?.textContent).toBe('1.2K requests'),
    );
    expect(errors).toEqual([]);
  });

  it('leaves a time to the browser, whose time zone the server does not know', async () => {
    const root = await serverPage('/home/firewall?groupName=alpha');
    const log = root.querySelector('[data-testid="dashboard-activity-log"]');
    expect(log?.textContent).toContain('deny-login');
    const shown = formatInstant('en-US', BLOCKED_AT);
    expect(log?.textContent).not.toContain(shown);
    await started(root);
    await waitFor(() =>
      expect(root.querySelector('[data-testid="dashboard-activity-log"]')?.textContent).toContain(shown),
    );
    expect(errors).toEqual([]);
    expect(calls.filter((c) => c.path.startsWith('/api/dashboard/'))).toEqual([]);
  });
});
