import AxeBuilder from '@axe-core/playwright';
import { expect, test as signedOut, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import {
  API_PREFIX,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  EVENT_LOG_API,
  GROUP_API,
  INGEST_API,
  LOCALES,
  SERVICE_LINE_API,
  type EventRecordInput,
} from '@parapet/shared';
import { test as signedIn } from './fixtures/admin-session';

/**
 * axe-core on every screen of the console and its main dialogs, in each of its languages: no
 * serious or critical violation of WCAG 2.1 A/AA (issue 16 item 6, docs/accessibility.md). A
 * screen counts once its own heading is shown and its first answers are in, so what axe reads is
 * the screen a user sees, not its loading skeleton. Set A11Y_VERBOSE=1 to print the moderate and
 * minor findings too.
 */

/** The key the console keeps its language under (apps/web/src/lib/storage.ts). */
const LOCALE_KEY = 'parapet.locale';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The spec's own group, line and traffic (seedTraffic): the dashboard's charts and ranked lists,
 * the event log and the service line list are drawn with data, as a user meets them, whatever
 * other specs have run before.
 */
const A11Y_GROUP = 'e2e-a11y';
const A11Y_LINE = 'e2e.a11y';
const A11Y_HOST = 'e2e-a11y.example.com';
const GROUP = `groupName=${A11Y_GROUP}`;

/**
 * A signed-in test reads up to four screens or dialogs, each with its data; at a load of 20 on
 * the two shared cores four took 88-92 s, over the 90 s first given.
 */
const SIGNED_IN_TIMEOUT_MS = 150_000;

/**
 * A screen of the router (apps/web/src/app/router.tsx) and, where it has one, the main dialog its
 * button opens, read once the screen has been: a cold load of the list again for its dialog cost
 * each language eight loads of about 8 s on a busy machine.
 */
type Screen = { path: string; opener?: string };

const SIGNED_OUT: Screen[] = ['/login', '/signup', '/reset-password', '/reset-OTP', '/no-such-page'].map((path) => ({
  path,
}));

/** The signed-in screens, a few to a test. */
const SIGNED_IN: Screen[][] = [
  [{ path: `/home?${GROUP}` }, { path: `/home/data-usage?${GROUP}` }, { path: `/home/data-transfer?${GROUP}` }],
  [
    { path: `/home/web-protection?${GROUP}` },
    { path: `/home/firewall?${GROUP}` },
    { path: `/home/acceleration?${GROUP}` },
  ],
  [
    { path: `/service-lines?${GROUP}` },
    { path: `/service-lines/create?${GROUP}` },
    { path: `/service/overview?${GROUP}` },
    { path: `/event-logs?${GROUP}` },
  ],
  [
    { path: `/firewall_rules?${GROUP}`, opener: 'waf-rule-create' },
    { path: `/html?${GROUP}`, opener: 'html-page-create' },
  ],
  [
    { path: `/origin_policy?${GROUP}`, opener: 'origin-policy-create' },
    { path: `/certs?${GROUP}`, opener: 'cert-upload' },
  ],
  [
    { path: '/user/profile' },
    { path: '/user/change-password' },
    { path: '/user/security' },
    { path: '/user/subscription' },
  ],
  [
    { path: '/admin/users', opener: 'user-create' },
    { path: '/admin/groups', opener: 'group-create' },
  ],
  [
    { path: '/admin/groups/default', opener: 'member-add' },
    { path: '/admin/ingest-tokens', opener: 'ingest-token-create' },
  ],
];

/**
 * Ant Design's entry motion (a dialog zooming in, a list fading in): axe reads half-faded colours.
 * A moving element carries `<motion>-appear` (or `-enter`) through every step of it, prepare and
 * start as well as active; waiting for `-active` alone let a check run while a dialog was still
 * in its first frames, and the help text under a field (the lightest grey) failed its contrast
 * once in a whole run (zh-CN, the group dialog, 1 Dec).
 */
const MOTION = ['appear', 'enter']
  .flatMap((status) => [`[class$="-${status}"]`, `[class*="-${status} "]`, `[class*="-${status}-"]`])
  .join(', ');

/** Waits for the screen's heading, its first answers and the end of Ant Design's entry motion. */
async function ready(page: Page): Promise<void> {
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator(`.ant-skeleton-active, ${MOTION}`)).toHaveCount(0);
}

/**
 * axe's default run reads each frame apart and then opens a new blank page to merge the parts;
 * the screens here have no frames of their own, and that page cost 2-4 s a screen on a slow
 * machine, half of axe's time. The legacy run reads the page (and any frame) in place. Only the
 * violations are kept in full: the passes' node lists are never read.
 */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (process.env.A11Y_VERBOSE) {
    for (const v of result.violations) {
      const targets = v.nodes.map((n) => n.target.join(' ')).join(' | ');
      console.log(`[a11y] ${where}\t${v.impact}\t${v.id}\t${v.nodes.length}\t${targets}`);
    }
  }
  return serious.map(
    (v) =>
      `${where}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')})`,
  );
}

async function checkScreens(page: Page, screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const { path, opener } of screens) {
    await page.goto(path);
    await ready(page);
    found.push(...(await seriousViolations(page, path)));
    if (!opener) continue;
    await page.getByTestId(opener).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator(MOTION)).toHaveCount(0);
    found.push(...(await seriousViolations(page, `${path} ${opener}`)));
  }
  return found;
}

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const COUNTRIES = ['CN', 'US', 'DE', 'JP', 'GB', 'FR', 'BR', 'IN', 'TW', 'SG'];
const PATHS = ['/', '/index.html', '/api/cart', '/static/app.js', '/login', '/wp-admin/', '/search'];
const STATUSES = [200, 200, 200, 304, 404, 403, 500, 301];
const CACHE = ['HIT', 'MISS', 'HIT', 'BYPASS', '-', 'EXPIRED'] as const;

/**
 * A small hour of traffic on the spec's line: requests from ten countries and forty addresses,
 * cached and not, some answered with errors and some denied by a firewall rule, so every tab of
 * the dashboard has figures, lists and charts to show. Request ids are fixed, and the store drops
 * a repeated one, so two workers seeding at once store each request once.
 */
function trafficRecords(now: number): EventRecordInput[] {
  return Array.from({ length: 120 }, (_, i) => {
    const denied = i % 9 === 0;
    const status = denied ? 403 : (STATUSES[i % STATUSES.length] ?? 200);
    const uri = PATHS[i % PATHS.length] ?? '/';
    return {
      req_id: `e2e-a11y-${i}`,
      timestamp: now - 55 * 60_000 + i * 27_000,
      server_name: A11Y_HOST,
      host: A11Y_HOST,
      scheme: i % 3 === 0 ? 'http' : 'https',
      method: i % 5 === 0 ? 'POST' : 'GET',
      uri,
      request_url: `https://${A11Y_HOST}${uri}`,
      server_protocol: 'HTTP/1.1',
      req_headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      client_ip: `203.0.113.${(i % 40) + 1}`,
      user_agent: i % 4 === 0 ? 'curl/8.5.0' : 'Mozilla/5.0 (X11; Linux x86_64)',
      country: COUNTRIES[i % COUNTRIES.length] ?? '',
      isp: i % 2 === 0 ? 'Example Telecom' : 'Example Cloud',
      action: denied ? '01' : '',
      type: denied ? '01' : '',
      rule: denied ? 'e2e_a11y_deny' : '',
      reason: denied ? 'uri matched /wp-admin/' : '',
      status,
      upstream_status: denied ? null : status,
      request_time: 0.01 + (i % 7) * 0.03,
      upstream_response_time: denied ? null : 0.008 + (i % 5) * 0.02,
      bytes_sent: 800 + (i % 11) * 4_500,
      cache_status: CACHE[i % CACHE.length] ?? '-',
      origin_host_resolve: denied ? '' : '127.0.0.1:8080',
    };
  });
}

async function ok(answer: Promise<APIResponse>, ...also: number[]): Promise<void> {
  const res = await answer;
  if (res.status() >= 300 && !also.includes(res.status())) {
    throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
  }
}

/** The spec's group and line, and its traffic sent through the ingest endpoint with a token of its own. */
async function seedTraffic(api: APIRequestContext): Promise<void> {
  /** How many of the group's events the log finds, 0 while the group does not exist yet. */
  const search = async (): Promise<number> => {
    const res = await api.post(`${API_PREFIX}${EVENT_LOG_API.search}`, {
      headers: CSRF,
      data: { groupName: A11Y_GROUP, dateRange: { index: 4 }, filters: [], limit: 10 },
    });
    if (res.status() === 403 || res.status() === 404) return 0;
    if (!res.ok()) throw new Error(`event log search answered ${res.status()}: ${await res.text()}`);
    return ((await res.json()) as { rows: unknown[] }).rows.length;
  };
  if ((await search()) > 0) return;

  // Another worker may be making them at the same moment: "already there" is as good as made.
  await ok(api.post(`${API_PREFIX}${GROUP_API.groups}`, { headers: CSRF, data: { name: A11Y_GROUP } }), 409);
  const linePath = `${API_PREFIX}${SERVICE_LINE_API.lineByName.replace(':groupName', A11Y_GROUP).replace(':appProfileName', A11Y_LINE)}`;
  if (!(await api.get(linePath)).ok()) {
    const made = await api.post(`${API_PREFIX}${SERVICE_LINE_API.create}`, {
      headers: CSRF,
      data: {
        groupName: A11Y_GROUP,
        appProfileName: A11Y_LINE,
        customerPackage: 'standard',
        servername: [A11Y_HOST],
        origins: [{ address: '127.0.0.1' }],
      },
    });
    if (!made.ok()) expect((await api.get(linePath)).ok(), await made.text()).toBe(true);
  }

  const tokenAnswer = await api.post(`${API_PREFIX}${INGEST_API.tokens}`, {
    headers: CSRF,
    data: { name: `e2e-a11y-${process.pid}-${Date.now().toString(36)}` },
  });
  expect(tokenAnswer.status(), await tokenAnswer.text()).toBeLessThan(300);
  const { token } = (await tokenAnswer.json()) as { token: string };
  const records = trafficRecords(Date.now());
  const ingest = await api.post(`${API_PREFIX}${INGEST_API.events}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    data: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  expect(ingest.status(), await ingest.text()).toBe(200);
  const tally = (await ingest.json()) as { accepted: number; duplicates: number };
  expect(tally.accepted + tally.duplicates, JSON.stringify(tally)).toBe(records.length);
  await expect.poll(search, { timeout: 20_000 }).toBeGreaterThan(0);
}

/** What a screen's first frame is given: its language, set before the page loads. */
const inLocale =
  (locale: string) =>
  async ({ page }: { page: Page }) => {
    await page.addInitScript(`localStorage.setItem(${JSON.stringify(LOCALE_KEY)}, ${JSON.stringify(locale)})`);
  };

for (const locale of LOCALES) {
  signedOut.describe(`accessibility in ${locale}, signed out`, () => {
    signedOut.beforeEach(inLocale(locale));
    signedOut('the public screens have no serious or critical violation', async ({ page }) => {
      signedOut.setTimeout(90_000);
      expect(await checkScreens(page, SIGNED_OUT)).toEqual([]);
    });
  });
}

signedIn.describe('signed in as the admin', () => {
  // The charts, the ranked lists and the event log are only drawn with traffic in the store.
  signedIn.beforeAll(async ({ playwright, adminState }, workerInfo) => {
    signedIn.setTimeout(60_000);
    const api = await playwright.request.newContext({
      baseURL: workerInfo.project.use.baseURL,
      storageState: adminState,
    });
    try {
      await seedTraffic(api);
    } finally {
      await api.dispose();
    }
  });

  for (const locale of LOCALES) {
    signedIn.describe(`accessibility in ${locale}`, () => {
      signedIn.beforeEach(inLocale(locale));
      for (const screens of SIGNED_IN) {
        const names = screens.map(({ path, opener }) => (opener ? `${path} (${opener})` : path)).join(', ');
        signedIn(`${names}: no serious or critical violation`, async ({ page }) => {
          signedIn.setTimeout(SIGNED_IN_TIMEOUT_MS);
          expect(await checkScreens(page, screens)).toEqual([]);
        });
      }
    });
  }
});
