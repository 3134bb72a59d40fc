// `npm run bench:edge` (issue 14 item 7; docs/edge-bench.md): the console on a fresh SQLite store
// with its deploy worker running, and a real nginx edge (one worker) beside it on loopback. It
// prints requests/s and p99 through the edge for a plain proxied line, the same line with 20
// typical rules that normal traffic does not meet, and with CRS on, each beside a plain nginx
// proxy (one worker, no console configuration) to the same origin in the same run: the ratio is
// the figure. Then the time from a save (the API call returning) to the edge serving the change,
// for rule saves (data, no reload) and line saves (a reload), and the requests that failed while
// 20 saves reloaded the edge under load, beside 20 reloads of the plain proxy under the same load.
//
// The origin is another nginx answering `return 200`, so it is never the bottleneck. autocannon
// runs in this process: the machine has two cores, one for nginx and one for the load.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GROUP_API, SERVICE_LINE_API, WAF_RULE_API } from '@parapet/shared';
import { signUpConfirmed } from '../apps/server/test/helpers/accounts.js';
import { fill, signedInAdmin } from '../apps/server/test/helpers/admin.js';
import { freePort, NGINX, startEdgeApp } from '../apps/server/test/edge/edge-fixtures.js';
import { WAF_RULES, CRS_RULE } from './edge-rules.js';
import { baselineServer, measure, ORIGIN_SERVER, startLoad, startPlainNginx, type LoadResult } from './edge-load.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    saves: { type: 'string', default: '20' },
  },
});
const SECONDS = Number(args.seconds);
const SAVES = Number(args.saves);
const TARGETS = { rulesShare: 0.8, failed: 0, saveP95Ms: 1000 };
const GROUP = 'bench';
const HOST = 'shop.example.com';
const LINE = 'shop.example';
/** A page of a shop: the path, query and headers of ordinary traffic. */
const PAGE = '/products/42?color=blue&size=m';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** One GET on a fresh connection: status and headers, or null when it failed. */
const probe = (port: number, pathname: string) =>
  new Promise<http.IncomingMessage | null>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { host: HOST }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.setTimeout(5000, () => req.destroy());
    req.on('error', () => resolve(null));
  });

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'parapet-edge-bench-'));
  const origin = await startPlainNginx(NGINX, path.join(scratch, 'origin'), await freePort(), ORIGIN_SERVER);
  const bare = await startPlainNginx(NGINX, path.join(scratch, 'bare'), await freePort(), baselineServer(origin.port));
  const t = await startEdgeApp('sqlite', { DEPLOY_WORKER: 'true', EDGE_WORKERS: '1' });
  try {
    await t.app.ready();
    const edgePort = t.offset + 80;
    const owner = await signUpConfirmed(t, GROUP);
    const admin = await signedInAdmin(t);
    const ok = (res: { statusCode: number; body: string }, what: string) => {
      if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
      return res;
    };
    // Twenty rules and CRS are beyond the basic plan's quota.
    ok(
      await admin.call('PATCH', fill(GROUP_API.group, { groupName: GROUP }), { plan: 'enterprise', version: 1 }),
      'plan',
    );
    /** Waits until the deploy worker has run every task queued. */
    const settled = async () => {
      for (;;) {
        const open = await t.store.db
          .selectFrom('deploy_tasks')
          .select('task_no')
          .where('state', 'in', ['queued', 'running'])
          .execute();
        if (open.length === 0) return;
        await sleep(20);
      }
    };
    const saveLine = async (changes: Record<string, unknown>) => {
      const line = (
        await owner.client.get(fill(SERVICE_LINE_API.lineByName, { groupName: GROUP, appProfileName: LINE }))
      ).json();
      ok(await owner.client.post(SERVICE_LINE_API.update, { ...line, ...changes }), 'line save');
    };
    const generation = async () =>
      ((await (await fetch(`http://127.0.0.1:${t.config.edge.controlPort}/health`)).json()) as { generation: string })
        .generation;

    ok(
      await owner.client.post(SERVICE_LINE_API.create, {
        groupName: GROUP,
        appProfileName: LINE,
        customerPackage: 'standard',
        servername: [HOST],
        origins: [{ address: `127.0.0.1:${origin.port}` }],
      }),
      'line',
    );
    for (const rule of [
      ...WAF_RULES,
      CRS_RULE,
      { ruleName: 'bench_probe', wafAction: '01', wafUri: ['^/probe-start$'] },
    ])
      ok(await owner.client.post(WAF_RULE_API.rules, { groupName: GROUP, ...rule }), `rule ${rule.ruleName}`);
    await settled();
    if ((await probe(edgePort, PAGE))?.statusCode !== 200)
      throw new Error('the line does not answer 200 through the edge');

    // (a)–(c): throughput and p99, each beside the plain proxy measured just before it.
    const rows: Array<{ what: string; edge: LoadResult; bare: LoadResult }> = [];
    const compare = async (what: string) => {
      const bareRun = await measure(bare.port, HOST, PAGE, SECONDS);
      const edgeRun = await measure(edgePort, HOST, PAGE, SECONDS);
      rows.push({ what, edge: edgeRun, bare: bareRun });
      console.error(`  ${what}: ${Math.round(edgeRun.requests.average)} requests/s through the edge`);
    };
    console.error(`Load: autocannon, 10 connections, ${SECONDS} s after 1 s of warm-up, GET ${PAGE}`);
    await compare('(a) plain proxied line');
    await saveLine({ usedWafRules: WAF_RULES.map((r) => ({ value: r.ruleName })) });
    await settled();
    await compare('(b) the line with 20 rules');
    await saveLine({ usedWafRules: [...WAF_RULES, CRS_RULE].map((r) => ({ value: r.ruleName })) });
    await settled();
    await compare('(c) 20 rules and CRS');

    // (d) Save → served, on the line with its 20 rules (CRS off again) and the probe rule.
    await saveLine({ usedWafRules: [...WAF_RULES, { ruleName: 'bench_probe' }].map((r) => ({ value: r.ruleName })) });
    await settled();
    const until = async (check: () => Promise<boolean>) => {
      while (!(await check())) await sleep(5);
      return performance.now();
    };
    const probeId = (
      (await owner.client.get(`${WAF_RULE_API.rules}?groupName=${GROUP}&search=bench_probe`)).json() as {
        items: Array<{ id: string }>;
      }
    ).items[0]!.id;
    const ruleTimes: number[] = [];
    const lineTimes: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const rule = (await owner.client.get(fill(WAF_RULE_API.rule, { id: probeId }))).json() as Record<string, unknown>;
      ok(
        await owner.client.put(fill(WAF_RULE_API.rule, { id: probeId }), { ...rule, wafUri: [`^/probe-${i}$`] }),
        'rule save',
      );
      const saved = performance.now();
      ruleTimes.push((await until(async () => (await probe(edgePort, `/probe-${i}`))?.statusCode === 403)) - saved);
      await settled();
      // A line save that reloads: upgrade-insecure-requests on and off (a response header).
      const upgrade = i % 2 === 0;
      await saveLine({ isUpgradeInsecureRequest: upgrade });
      const lineSaved = performance.now();
      const shows = async () => {
        const res = await probe(edgePort, PAGE);
        return res !== null && (res.headers['content-security-policy'] !== undefined) === upgrade;
      };
      lineTimes.push((await until(shows)) - lineSaved);
      await settled();
    }

    // (e) Failed requests while 20 saves reload the edge under load, and 20 reloads of plain nginx.
    const reloadsUnderLoad = async (port: number, reload: (i: number) => Promise<void>, fresh = false) => {
      const load = startLoad(port, HOST, PAGE, fresh);
      await sleep(1000);
      for (let i = 0; i < 20; i++) {
        await reload(i);
        await sleep(250);
      }
      return load.stop();
    };
    const steps = [{ maxUploadSize: 20 }, { upstreamTimeout: 120 }, { maxUploadSize: 1 }, { upstreamTimeout: 60 }];
    const generations = new Set([await generation()]);
    const edgeReload = async (i: number) => {
      const before = await generation();
      await saveLine(steps[i % steps.length]!);
      await until(async () => (await generation().catch(() => before)) !== before);
      generations.add(await generation());
      await settled();
    };
    const edgeReloads = await reloadsUnderLoad(edgePort, edgeReload);
    const bareReloads = await reloadsUnderLoad(bare.port, () => bare.reload());
    // The same on a new connection a request: nothing a reload closes is then in use.
    const edgeFresh = await reloadsUnderLoad(edgePort, edgeReload, true);
    const bareFresh = await reloadsUnderLoad(bare.port, () => bare.reload(), true);

    const rps = (r: LoadResult) => Math.round(r.requests.average);
    const failed = (r: LoadResult) => r.errors + r.timeouts + r.non2xx;
    console.log(`\nThroughput through one nginx worker (${SECONDS} s each, 10 connections; p99 in ms)`);
    console.table(
      rows.map((r) => ({
        measure: r.what,
        'edge req/s': rps(r.edge),
        'plain nginx req/s': rps(r.bare),
        'edge/plain': (r.edge.requests.average / r.bare.requests.average).toFixed(2),
        'edge p99': r.edge.latency.p99,
        'plain p99': r.bare.latency.p99,
        'edge failed': failed(r.edge),
        'plain failed': failed(r.bare),
      })),
    );
    const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
    const saveRow = (what: string, times: number[]) => ({
      save: what,
      saves: times.length,
      'p50 ms': Math.round(percentile(sorted(times), 0.5)),
      'p95 ms': Math.round(percentile(sorted(times), 0.95)),
      'max ms': Math.round(Math.max(...times)),
    });
    console.log('\n(d) Save → served (the API call returning → the edge answering with the change)');
    console.table([saveRow('rule (data, no reload)', ruleTimes), saveRow('line (reload)', lineTimes)]);
    console.log('\n(e) 20 reloads under load (10 connections at a time)');
    console.table(
      [
        ['edge, 20 line saves, kept-alive', edgeReloads],
        ['plain nginx, 20 SIGHUP, kept-alive', bareReloads],
        ['edge, 20 line saves, a connection a request', edgeFresh],
        ['plain nginx, 20 SIGHUP, a connection a request', bareFresh],
      ].map(([what, r]) => ({
        reloads: what as string,
        requests: (r as LoadResult).requests.total,
        failed: failed(r as LoadResult),
        errors: (r as LoadResult).errors,
        timeouts: (r as LoadResult).timeouts,
        'not 2xx': (r as LoadResult).non2xx,
      })),
    );
    const share = rows[1]!.edge.requests.average / rows[0]!.edge.requests.average;
    const p95 = Math.max(percentile(sorted(ruleTimes), 0.95), percentile(sorted(lineTimes), 0.95));
    const verdict = (met: boolean) => (met ? 'PASS' : 'FAIL');
    console.log(`\nTargets (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'})
  ${verdict(share >= TARGETS.rulesShare)}  20 rules keep ${(share * 100).toFixed(1)}% of the plain line's requests/s (target >= ${TARGETS.rulesShare * 100}%)
  ${verdict(failed(edgeFresh) === TARGETS.failed)}  ${failed(edgeFresh)} failed requests during 20 reloads under load, a connection a request (target ${TARGETS.failed}; plain nginx: ${failed(bareFresh)}); ${generations.size - 1} new generations
  ${failed(edgeReloads) <= failed(bareReloads) ? 'SAME' : 'WORSE'}  kept-alive connections: ${failed(edgeReloads)} requests met a connection the reload closed (plain nginx: ${failed(bareReloads)}); HTTP lets a client send those again (RFC 9112 §9.3.1)
  ${verdict(p95 <= TARGETS.saveP95Ms)}  save → served p95 ${Math.round(p95)} ms, the slower of rule and line saves (target <= ${TARGETS.saveP95Ms} ms)`);
  } finally {
    await t.stopAll();
    await bare.stop();
    await origin.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
