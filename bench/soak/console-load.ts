// The console's traffic for bench/soak.bench.ts: autocannon on each read the console makes, at a
// steady rate per route, and a loop of the console's writes (save a rule, save a line, make and
// delete a page) timed one by one.
import autocannon from 'autocannon';
import type { ApiClient } from '../../apps/server/test/durability/api-client.js';

export interface RouteFigures {
  route: string;
  requests: number;
  p99: number;
  /** Failed requests: no answer (timeouts among them) or a non-2xx answer. */
  errors: number;
  /** Of the errors, those with no answer within 30 s. */
  timeouts: number;
}

interface Read {
  route: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

const scope = { groupName: 'default', dateRange: { index: 1 }, filters: [] };

export function consoleReads(lineId: string): Read[] {
  return [
    { route: 'GET /api/user', url: '/api/user' },
    { route: 'GET /api/service-lines (page of 10)', url: '/api/service-lines?groupName=default&pageSize=10' },
    { route: 'GET /api/service-lines/:id', url: `/api/service-lines/${lineId}` },
    { route: 'GET /api/waf-rules', url: '/api/waf-rules?groupName=default&pageSize=10' },
    {
      route: 'POST /api/event-logs/search',
      url: '/api/event-logs/search',
      method: 'POST',
      body: { ...scope, limit: 10 },
    },
    {
      route: 'POST /api/dashboard/series',
      url: '/api/dashboard/series',
      method: 'POST',
      body: { ...scope, metric: 'requests', groupBy: 'country' },
    },
    {
      route: 'POST /api/dashboard/top',
      url: '/api/dashboard/top',
      method: 'POST',
      body: { ...scope, dimension: 'uri', n: 10, metric: 'requests' },
    },
  ];
}

/** One autocannon run per read, side by side, each at `rate` requests a second. */
export async function driveReads(
  api: ApiClient,
  reads: Read[],
  seconds: number,
  rate: number,
): Promise<RouteFigures[]> {
  const runs = reads.map(
    (read) =>
      new Promise<RouteFigures>((resolve, reject) => {
        autocannon(
          {
            url: `${api.base}${read.url}`,
            method: read.method ?? 'GET',
            headers: api.headers,
            body: read.body === undefined ? undefined : JSON.stringify(read.body),
            connections: 2,
            overallRate: rate,
            duration: seconds,
            timeout: 30,
          },
          (error, result) => {
            if (error) return reject(error);
            resolve({
              route: read.route,
              requests: result.requests.total,
              p99: result.latency.p99,
              // autocannon counts a timeout among its errors too.
              errors: result.errors + result.non2xx,
              timeouts: result.timeouts,
            });
          },
        );
      }),
  );
  return Promise.all(runs);
}

const p99Of = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : 0;
};

/**
 * The console's writes, one every `everyMs`, until `until`: a rule saved over the version it
 * read, a line saved with another origin, a page made and the one before it deleted. A save refused while
 * the item deploys (409 …_DEPLOYING, or a line's empty taskNo) is the console's normal answer,
 * not an error; anything else non-2xx is.
 */
export async function driveWrites(
  api: ApiClient,
  ids: { ruleId: string; lineId: string },
  until: number,
  everyMs: number,
): Promise<RouteFigures[]> {
  const samples = new Map<string, { times: number[]; errors: number }>();
  const timed = async (route: string, work: () => Promise<{ status: number; json: unknown }>) => {
    const entry = samples.get(route) ?? { times: [], errors: 0 };
    samples.set(route, entry);
    const started = performance.now();
    const res = await work().catch(() => ({ status: 0, json: null }));
    entry.times.push(performance.now() - started);
    const deploying = res.status === 409 && /_DEPLOYING$/.test(String((res.json as { code?: string })?.code));
    if ((res.status < 200 || res.status > 299) && !deploying) entry.errors++;
    return res;
  };
  /** Pages made and not yet deleted: each is deleted once its own deployment has ended. */
  const made: string[] = [];
  for (let n = 0; Date.now() < until; n++) {
    const rule = await api.call<{ version: number }>('GET', `/api/waf-rules/${ids.ruleId}`);
    await timed('PUT /api/waf-rules/:id', () =>
      api.send('PUT', `/api/waf-rules/${ids.ruleId}`, {
        wafAction: '01',
        wafIp: ['203.0.113.0/24'],
        description: `soak ${n}`,
        version: rule.version,
      }),
    );
    const line = await api.call<Record<string, unknown>>('GET', `/api/service-lines/${ids.lineId}`);
    await timed('POST …/rcm-app-profiles/update/index', () =>
      api.send('POST', '/api/table/rcm-app-profiles/update/index', {
        ...line,
        origins: [{ address: `10.20.${n % 250}.${(n % 200) + 1}` }],
      }),
    );
    const page = await timed('POST /api/html-pages', () =>
      api.send('POST', '/api/html-pages', {
        groupName: 'default',
        htmlPageName: `soak${n}`,
        content: `<html><body>soak ${n}</body></html>`,
        fileName: `soak${n}.html`,
      }),
    );
    const pageId = (page.json as { id?: string } | null)?.id;
    if (pageId) made.push(pageId);
    if (made.length > 1) {
      const oldest = made[0]!;
      const res = await timed('DELETE /api/html-pages/:id', () => api.send('DELETE', `/api/html-pages/${oldest}`));
      if (res.status >= 200 && res.status < 300) made.shift();
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return [...samples].map(([route, { times, errors }]) => ({
    route,
    requests: times.length,
    p99: Math.round(p99Of(times)),
    errors,
    timeouts: 0,
  }));
}
