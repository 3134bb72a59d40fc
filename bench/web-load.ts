// One cold load of a page in Chromium for `npm run bench:web` (bench/web.bench.ts): a new browser
// context (empty cache and cookie jar), the bytes of every response counted through CDP, and the
// paint and long-task timings read from the page's own Performance API. And the baseline page.
import http from 'node:http';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

export const KINDS = ['document', 'script', 'stylesheet', 'font', 'image', 'fetch/xhr', 'other'] as const;
export type Kind = (typeof KINDS)[number];
/** CDP's resource types, by the kind they are counted under; any other type is `other`. */
const KIND_OF: Record<string, Kind> = {
  Document: 'document',
  Script: 'script',
  Stylesheet: 'stylesheet',
  Font: 'font',
  Image: 'image',
  Fetch: 'fetch/xhr',
  XHR: 'fetch/xhr',
};
/** The longest a page may take to go quiet after it is ready; past it, its figures are taken as they are. */
const SETTLE_LIMIT_MS = 20_000;

export interface Target {
  name: string;
  url: string;
  context: BrowserContextOptions;
  /** Selectors that must all be visible for the page to count as loaded. */
  ready: string[];
}

export interface Load {
  fcp: number;
  lcp: number;
  /** The element of the last LCP candidate, as `tag#testid` or `tag.class`. */
  lcpElement: string;
  tbt: number;
  /** From navigation start to the first animation frame at which every `ready` selector was visible. */
  ready: number;
  /** Bytes as transferred (headers and encoded body), by kind. */
  bytes: Record<Kind, number>;
  /** `kind encoding` for each Content-Encoding seen. */
  encodings: Set<string>;
  /** Each resource's path, start and end, and the paints, in ms from navigation start, in start order. */
  timeline: TimelineEntry[];
}

export interface TimelineEntry {
  name: string;
  start: number;
  end: number;
}

const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare</title></head><body><h1>A bare page</h1></body></html>';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain node server answering / with one small HTML page (anything else 404): the floor of a load here. */
export function startBarePage(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BARE_PAGE);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Debian's Chromium, headless, with the browser tests' switches (e2e/playwright.config.ts). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * Runs in the page before its own scripts: keeps every long task on window, and the time of the
 * first animation frame at which every `ready` selector matched a visible element.
 */
function observePage(ready: string[]): void {
  const tasks: [number, number][] = [];
  const page = { tasks, readyAt: NaN };
  Object.assign(window, { __bench: page });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const check = (now: number) => {
    if (ready.every((s) => document.querySelector(s)?.checkVisibility())) page.readyAt = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
type Observed = { __bench: { tasks: [number, number][]; readyAt: number } };

/** Waits until no long task has ended for `quietMs`; returns the long tasks and FCP. */
async function settle(page: Page, quietMs: number): Promise<{ tasks: [number, number][]; fcp: number }> {
  const read = () =>
    page.evaluate(() => ({
      now: performance.now(),
      tasks: (window as unknown as Observed).__bench.tasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
  let state = await read();
  const limit = state.now + SETTLE_LIMIT_MS;
  const lastEnd = (s: typeof state) => Math.max(0, ...s.tasks.map(([start, duration]) => start + duration));
  while (state.now - lastEnd(state) < quietMs && state.now < limit) {
    await sleep(100);
    state = await read();
  }
  return state;
}

/** Lighthouse's rule: the part of each long task after FCP, less 50 ms, summed. */
const totalBlockingTime = (tasks: [number, number][], fcp: number) =>
  tasks.reduce((sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, fcp) - 50), 0);

/** The last largest-contentful-paint candidate, read once the page has settled. */
const readLcp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ lcp: number; lcpElement: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const element = last?.element;
          const testId = element?.getAttribute('data-testid');
          const name = testId ? `#${testId}` : element?.classList[0] ? `.${element.classList[0]}` : '';
          resolve({ lcp: last?.startTime ?? NaN, lcpElement: `${element?.tagName.toLowerCase() ?? '?'}${name}` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ lcp: NaN, lcpElement: 'none' }), 1000);
      }),
  );

/** What the page fetched (by path), marked, painted and ran as long tasks, by start time. */
const readTimeline = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const entries = [
      { name: 'document', start: 0, end: navigation?.responseEnd ?? 0 },
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: new URL(r.name).pathname,
        start: r.startTime,
        end: r.responseEnd,
      })),
      ...performance.getEntriesByType('mark').map((p) => ({ name: p.name, start: p.startTime, end: p.startTime })),
      ...performance.getEntriesByType('paint').map((p) => ({ name: p.name, start: p.startTime, end: p.startTime })),
      ...(window as unknown as Observed).__bench.tasks.map(([start, duration]) => ({
        name: 'long task',
        start,
        end: start + duration,
      })),
    ];
    return entries.sort((a, b) => a.start - b.start);
  });

/** What a trace records: the main thread's tasks, script compiling and running, and a CPU profile. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'loading',
  'blink',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * One cold load of `target`, in a context of its own that is closed afterwards; with
 * `tracePath`, Chromium's trace of the load (until it settled) is written there, for
 * chrome://tracing or Perfetto. Tracing slows the load; its figures are not comparable.
 */
export async function coldLoad(browser: Browser, target: Target, quietMs: number, tracePath?: string): Promise<Load> {
  const context = await browser.newContext(target.context);
  try {
    // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(...)`; functions
    // sent to the page keep those calls, so the page gets a `__name` that does nothing.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await context.addInitScript(observePage, target.ready);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const kinds = new Map<string, Kind>();
    const bytes = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
    const encodings = new Set<string>();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const kind = KIND_OF[type] ?? 'other';
      kinds.set(requestId, kind);
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      encodings.add(`${kind} ${encoding?.[1] ?? 'identity'}`);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      bytes[kinds.get(requestId) ?? 'other'] += encodedDataLength;
    });
    await cdp.send('Network.enable');
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    await page.goto(target.url);
    const readyAt = await page.waitForFunction(() => (window as unknown as Observed).__bench.readyAt, undefined, {
      timeout: 30_000,
    });
    const ready = (await readyAt.jsonValue()) as number;
    const { tasks, fcp } = await settle(page, quietMs);
    if (tracePath) await browser.stopTracing();
    const lcp = await readLcp(page);
    const timeline = await readTimeline(page);
    return { fcp, ...lcp, tbt: totalBlockingTime(tasks, fcp), ready, bytes, encodings, timeline };
  } finally {
    await context.close();
  }
}
