import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from './playwright.config';
import { test } from './fixtures/admin-session';

// Traffic in the browser against the real server: the simulator sends an hour of requests through
// the ingest endpoint with a token made by the admin, then the dashboard shows them (the chart,
// the map and its list), a drag on the chart zooms and Reset restores the range, a country picked
// beside the map becomes a filter, the event log counts that country's events as the dashboard
// did, finds one request by its req_id, shows its headers and exports the filtered set. The group is the test's own, so no other spec's lines
// share its figures.
const CSRF = { 'x-requested-with': 'parapet' };
const GROUP = 'e2e-traffic';
const LINE = 'e2e.traffic';
const HOST = 'e2e-traffic.example.com';
const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { headers: CSRF, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Runs `npm run simulate` against the test server, as a user would from a shell. */
async function simulate(token: string, events: number): Promise<string> {
  const { stdout, stderr } = await run(
    'npm',
    ['run', '--silent', 'simulate', '--', '--events', String(events), '--span', '1h', '--seed', '13', '--url', baseURL],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.PARAPET_E2E_DATA_DIR, INGEST_TOKEN: token, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    },
  );
  return `${stdout}${stderr}`;
}

test('simulated traffic fills the dashboard and the event log; zoom, filter, open in the log, find, read headers and export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await post(page.request, '/api/groups', { name: GROUP });
  await post(page.request, '/api/table/rcm-app-profiles/update/create', {
    groupName: GROUP,
    appProfileName: LINE,
    customerPackage: 'standard',
    servername: [HOST],
    origins: [{ address: '127.0.0.1' }],
  });
  const { token } = await post<{ token: string }>(page.request, '/api/admin/ingest-tokens', { name: 'e2e-traffic' });
  const output = await simulate(token, 4000);
  expect(output).not.toMatch(/error/i);

  // The dashboard: the tile, the main chart and the map with its list fill with the line's traffic.
  await page.goto(`/home?groupName=${GROUP}`);
  const chart = page.getByTestId('dashboard-main-chart');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('world-map').locator('canvas').first()).toBeVisible();
  const countries = page.getByTestId('dashboard-breakdown-requestsByCountry-list-row');
  await expect(countries.first()).toBeVisible();
  expect(await countries.count()).toBeGreaterThan(1);

  // Dragging across the chart zooms to a custom range; Reset brings back the range picked before.
  const box = await chart.locator('canvas').first().boundingBox();
  if (!box) throw new Error('the main chart has no size');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.55, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, y, { steps: 8 });
  await page.mouse.move(box.x + box.width * 0.9, y, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('dashboard-zoomed')).toBeVisible();
  await page.getByTestId('dashboard-zoom-reset').click();
  await expect(page.getByTestId('dashboard-zoomed')).toHaveCount(0);

  // A country beside the map becomes a filter chip, and the list then holds that country alone.
  const top = await countries.first().innerText();
  await countries.first().click();
  const chip = page.getByTestId('event-filter-bar').locator('.ant-tag').first();
  await expect(chip).toContainText(/:/);
  const countryName = (await chip.innerText()).split(':')[1]?.trim() ?? '';
  expect(countryName).not.toBe('');
  expect(top).toContain(countryName);
  await expect(countries).toHaveCount(1);
  await expect(countries.first()).toContainText(countryName);
  const countryRequests = /([\d,]+) requests/.exec(top)?.[1];
  expect(countryRequests, top).toBeDefined();

  // The dashboard's address carries the chip: opened in a browser that kept no choices (as a
  // colleague's would), it shows the same country.
  await expect(page).toHaveURL(/\/home\?.*filters=/);
  // A string: it runs in the page, and e2e's TypeScript has no DOM library.
  await page.evaluate("localStorage.removeItem('parapet.dashboardFilterOptions')");
  await page.reload();
  await expect(page.getByTestId('event-filter-chip-0')).toContainText(countryName);
  await expect(countries).toHaveCount(1);

  // The events behind it, in the event log: the dashboard's link carries the range and the
  // chip, and the log's address keeps them across a reload.
  await page.getByTestId('dashboard-open-log').click();
  await expect(page).toHaveURL(/\/event-logs\?.*filters=/);
  await expect(page.getByTestId('event-filter-chip-0')).toContainText(countryName);
  await expect(page.getByTestId('event-log-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  // The log counts the same events the dashboard did for that country.
  await expect(page.getByTestId('event-log-showing')).toHaveText(`Showing 1 to 10 of ${countryRequests} entries`);
  await page.reload();
  await expect(page.getByTestId('event-filter-chip-0')).toContainText(countryName);

  // The event log: one request found by its req_id, its headers opened.
  const found = await post<{ rows: { req_id: string; server_name: string }[] }>(
    page.request,
    '/api/event-logs/search',
    { groupName: GROUP, dateRange: { index: 4 }, filters: [], limit: 10 },
  );
  const wanted = found.rows[0];
  if (!wanted) throw new Error('the simulator stored nothing for the test line');
  await page.goto(`/event-logs?groupName=${GROUP}`);
  await expect(page.getByTestId('event-log-table')).toBeVisible();
  await page.getByTestId('event-log-search').locator('input').fill(wanted.req_id);
  await page.getByTestId('event-log-search').locator('input').press('Enter');
  await expect(page.getByTestId(`event-headers-${wanted.req_id}`)).toBeVisible();
  await expect(page.getByTestId('event-log-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByTestId(`event-headers-${wanted.req_id}`).click();
  await expect(page.getByTestId('event-headers')).toContainText('user-agent');
  await page.keyboard.press('Escape');

  // Export of the filtered set (that one request) as CSV.
  const download = page.waitForEvent('download');
  await page.getByTestId('event-log-export').click();
  await page.getByTestId('event-log-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('event_log.csv');
  const csv = readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(wanted.req_id);
  expect(csv[1]).toContain(HOST);
});
