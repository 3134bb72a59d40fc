// Soak (issue 16 item 4; docs/soak.md): `npm run bench:soak -- [--minutes 15] [--rate 500] [--port N]`. The
// built server (run `npm run build -w apps/server` first) on a fresh DATA_DIR, seeded with lines
// and rules; the simulator sends `rate` events/s through ingest while autocannon drives the
// console's reads and a loop makes its writes. Prints each route's p99 and errors, the server's
// RSS (VmRSS, sampled every 5 s) after the warm-up (`--warmup` minutes, 5 by default: see
// docs/soak.md, "Memory") and at the end, and the growth.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { signIn, type ApiClient } from '../apps/server/test/durability/api-client.js';
import { ADMIN_PASSWORD, ROOT, killServer, startServer } from '../apps/server/test/durability/server-process.js';
import { consoleReads, driveReads, driveWrites, type RouteFigures } from './soak/console-load.js';

const { values } = parseArgs({
  options: {
    // 10 minutes measured after a 5-minute warm-up (docs/soak.md, "Runs 5 to 8").
    minutes: { type: 'string', default: '15' },
    rate: { type: 'string', default: '500' },
    'read-rate': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '5' },
    // Another port lets two soaks run side by side, each a baseline for the other.
    port: { type: 'string', default: '18395' },
  },
});
const seconds = Math.round(Number(values.minutes) * 60);
// Long enough for the server's memory to reach its working size, which is mostly DuckDB's
// buffers filling as the events table grows (docs/soak.md, "Memory"); at most a third of the run.
const warmupSeconds = Math.min(Math.round(Number(values.warmup) * 60), Math.floor(seconds / 3));
const port = Number(values.port);
const LINES = 10;
const RSS_EVERY_MS = 5000;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines with a domain each and a rule on the first ones, all deployed; an ingest token. */
async function seed(api: ApiClient) {
  const groups = await api.call<{ name: string; version: number }[] | { items: { name: string; version: number }[] }>(
    'GET',
    '/api/groups',
  );
  const group = (Array.isArray(groups) ? groups : groups.items).find((g) => g.name === 'default')!;
  await api.call('PATCH', '/api/groups/default', { plan: 'enterprise', version: group.version });
  const ruleIds: string[] = [];
  for (const [name, body] of [
    ['block_cn', { wafAction: '01', wafCountry: ['CN'] }],
    ['log_scanners', { wafAction: '04', wafUri: ['/.env'] }],
  ] as const) {
    const rule = await api.call<{ id: string }>('POST', '/api/waf-rules', {
      groupName: 'default',
      ruleName: name,
      ...body,
    });
    ruleIds.push(rule.id);
  }
  for (let n = 1; n <= LINES; n++) {
    await api.call('POST', '/api/table/rcm-app-profiles/update/create', {
      groupName: 'default',
      appProfileName: `soak${n}.line`,
      customerPackage: 'standard',
      servername: [`soak${n}.example.com`],
      origins: [{ address: `10.0.0.${n}` }],
    });
  }
  for (;;) {
    const page = await api.call<{ items: { id: string; status: string }[] }>(
      'GET',
      '/api/service-lines?groupName=default&pageSize=100',
    );
    if (page.items.length >= LINES && page.items.every((line) => line.status === 'Running'))
      return { lineId: page.items[0]!.id, ruleId: ruleIds[0]!, token: await token(api) };
    await sleep(200);
  }
}

const token = async (api: ApiClient) =>
  (await api.call<{ token: string }>('POST', '/api/admin/ingest-tokens', { name: 'soak' })).token;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

const dataDir = mkdtempSync(path.join(tmpdir(), 'parapet-soak-'));
const loadBefore = load();
const memoryFile = path.join(dataDir, 'memory.ndjson');
const server = await startServer(dataDir, port, 'dist', { SOAK_MEMORY_FILE: memoryFile }, [
  '--import',
  pathToFileURL(path.join(ROOT, 'bench/soak/memory-probe.mjs')).href,
]);
const pid = server.child.pid!;
let simulator: ReturnType<typeof spawn> | undefined;
try {
  const api = await signIn(server.base, 'admin', ADMIN_PASSWORD);
  const ids = await seed(api);
  simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/tools/simulate/cli.ts',
      '--rate',
      values.rate!,
      '--url',
      server.base,
      '--token',
      ids.token,
    ],
    {
      cwd: path.join(ROOT, 'apps/server'),
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let simulatorLog = '';
  const started = Date.now();
  let simulatorStartedAt = NaN;
  simulator.stderr?.on('data', (chunk: Buffer) => {
    simulatorLog += chunk.toString();
    if (Number.isNaN(simulatorStartedAt) && simulatorLog.includes('sending ')) simulatorStartedAt = Date.now();
  });
  const rss: { at: number; kb: number }[] = [];
  const sampler = setInterval(() => rss.push({ at: (Date.now() - started) / 1000, kb: rssKb(pid) }), RSS_EVERY_MS);
  console.log(`soak: ${seconds} s, ${values.rate} events/s, server pid ${pid}, load average ${loadBefore}`);
  const [reads, writes] = await Promise.all([
    driveReads(api, consoleReads(ids.lineId), seconds, Number(values['read-rate'])),
    driveWrites(api, ids, started + seconds * 1000, 2000),
  ]);
  clearInterval(sampler);
  rss.push({ at: (Date.now() - started) / 1000, kb: rssKb(pid) });
  const stopped = new Promise((resolve) => simulator!.once('exit', resolve));
  simulator.kill('SIGTERM');
  await stopped;
  simulator = undefined;
  const simulatorSeconds = (Date.now() - simulatorStartedAt) / 1000;
  report(
    [...reads, ...writes],
    rss,
    `${simulatorLog}\nsending for ${simulatorSeconds.toFixed(0)} s`,
    readMemory(started),
  );
} finally {
  simulator?.kill('SIGTERM');
  await killServer(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

interface HeapSample {
  at: number;
  heapMb: number;
  nativeMb: number;
}

/** The probe's samples: JS heap in use, and what RSS holds beyond the heap (DuckDB, buffers, code). */
function readMemory(started: number): HeapSample[] {
  return readFileSync(memoryFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { at: number; rss: number; heapUsed: number })
    .map((m) => ({
      at: (m.at - started) / 1000,
      heapMb: m.heapUsed / 2 ** 20,
      nativeMb: (m.rss - m.heapUsed) / 2 ** 20,
    }))
    .filter((m) => m.at >= 0);
}

function report(routes: RouteFigures[], rss: { at: number; kb: number }[], simulatorLog: string, memory: HeapSample[]) {
  const warm = rss.find((sample) => sample.at >= warmupSeconds) ?? rss[0]!;
  const end = rss.at(-1)!;
  const peak = Math.max(...rss.map((sample) => sample.kb));
  const growth = ((end.kb - warm.kb) / warm.kb) * 100;
  // The same growth between the means of the minute after the warm-up and the last minute: one
  // sample lands anywhere on DuckDB's and the collector's sawtooth (docs/soak.md).
  const meanOf = (from: number, to: number) => {
    const within = rss.filter((sample) => sample.at >= from && sample.at <= to);
    return within.reduce((sum, sample) => sum + sample.kb, 0) / within.length;
  };
  const warmMean = meanOf(warmupSeconds, warmupSeconds + 60);
  const endMean = meanOf(end.at - 60, end.at);
  const notSent = simulatorLog.split('\n').filter((line) => line.startsWith('batch not sent')).length;
  const mb = (kb: number) => (kb / 1024).toFixed(1);
  console.log(`\nload average at start ${loadBefore}, at end ${load()}\n`);
  console.log('| route | requests | p99 ms | errors (timeouts) |\n| --- | --- | --- | --- |');
  for (const r of routes) console.log(`| ${r.route} | ${r.requests} | ${r.p99} | ${r.errors} (${r.timeouts}) |`);
  const errors = routes.reduce((sum, r) => sum + r.errors, 0) + notSent;
  const lineOf = (start: string) => simulatorLog.split('\n').find((line) => line.startsWith(start));
  console.log(`\nsimulator (${lineOf('sending for') ?? 'never started'}): ${lineOf('stopped') ?? '(no summary)'}`);
  console.log(`simulator batches not sent: ${notSent}; errors in all: ${errors}`);
  console.log(
    `RSS after ${Math.round(warm.at)} s warm-up ${mb(warm.kb)} MB, at the end (${Math.round(end.at)} s) ${mb(end.kb)} MB, ` +
      `peak ${mb(peak)} MB, growth ${growth.toFixed(1)}%`,
  );
  console.log(
    `RSS mean over the minute after warm-up ${mb(warmMean)} MB, over the last minute ${mb(endMean)} MB, ` +
      `growth ${(((endMean - warmMean) / warmMean) * 100).toFixed(1)}%`,
  );
  const heapWarm = memory.find((m) => m.at >= warmupSeconds) ?? memory[0];
  const heapEnd = memory.at(-1);
  if (heapWarm && heapEnd) {
    const heapPeak = Math.max(...memory.map((m) => m.heapMb));
    console.log(
      `JS heap used after warm-up ${heapWarm.heapMb.toFixed(1)} MB, at the end ${heapEnd.heapMb.toFixed(1)} MB, ` +
        `peak ${heapPeak.toFixed(1)} MB; RSS beyond the heap ${heapWarm.nativeMb.toFixed(1)} → ${heapEnd.nativeMb.toFixed(1)} MB`,
    );
  }
  console.log(`RSS samples (s:MB): ${rss.map((s) => `${Math.round(s.at)}:${mb(s.kb)}`).join(' ')}`);
  console.log(
    `heap samples (s:MB): ${memory.map((m) => `${Math.round(m.at)}:${m.heapMb.toFixed(0)}/${m.nativeMb.toFixed(0)}`).join(' ')}`,
  );
  process.exitCode = errors === 0 && growth < 10 ? 0 : 1;
}
