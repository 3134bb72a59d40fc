// One row of bench/api.bench.mjs: autocannon against one call, warm-up first, then at each
// connection count the bare route and the call back to back, so that each ratio compares two
// runs a few seconds apart (on a shared 2-core machine the bare route alone swings 2x from one
// minute to the next). A run with any error or non-2xx answer throws: a fast 401 is not a figure.
// Beside each figure, the server's CPU time per request (user and system, from /proc): time spent
// waiting for a core is not in it, so it moves far less than requests/s when other work shares
// the machine, and says whether a call costs the server more, whatever the machine was doing.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const once = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });

const optionsOf = (call) => ({
  url: call.url,
  method: call.method ?? 'GET',
  headers: call.headers ?? {},
  body: call.body,
});

/** User and system time of a process so far, in µs: Linux's /proc counts it in ticks of 10 ms. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function run(call, connections, duration, pid) {
  const before = cpuMicros(pid);
  const result = await once({ ...optionsOf(call), connections, duration });
  const cpu = (cpuMicros(pid) - before) / result.requests.total;
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(
      `${call.method ?? 'GET'} ${call.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  // requests.average is the mean of autocannon's per-second samples.
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, cpu };
}

/**
 * `call`, `bare`: {url, method?, headers?, body?, pid} (pid: the process answering it).
 * Returns {[connections]: {rps, p99, cpu, bare: {rps, p99, cpu}}}, cpu in µs a request.
 */
export async function measure(call, bare, { connections, seconds, warmupSeconds }) {
  await once({ ...optionsOf(call), connections: connections[0], duration: warmupSeconds });
  const figures = {};
  for (const n of connections) {
    const yardstick = await run(bare, n, seconds, bare.pid);
    figures[n] = { ...(await run(call, n, seconds, call.pid)), bare: yardstick };
  }
  return figures;
}

/**
 * A markdown table: per connection count, the call's requests/s and p99, the bare route's
 * requests/s, the ratio, and the server's CPU µs a request.
 */
export function table(rows, connections) {
  const head = [
    'call',
    ...connections.flatMap((n) => [
      `req/s @${n}`,
      `p99 ms @${n}`,
      `bare req/s @${n}`,
      `× bare @${n}`,
      `CPU µs/req @${n}`,
    ]),
  ];
  const lines = rows.map(({ title, figures }) => [
    title,
    ...connections.flatMap((n) => {
      const f = figures[n];
      return [
        String(f.rps),
        String(f.p99),
        String(f.bare.rps),
        (f.ratio ?? f.rps / f.bare.rps).toFixed(3),
        f.cpu.toFixed(0),
      ];
    }),
  ]);
  return [head, head.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The rows of several rounds as one: each figure the median of the rounds, and the ratio the
 * median of each round's own ratio (the call against the bare route measured just before it).
 */
export function medianRows(rounds, connections) {
  return rounds[0].map(({ title }, i) => ({
    title,
    figures: Object.fromEntries(
      connections.map((n) => {
        const all = rounds.map((rows) => rows[i].figures[n]);
        return [
          n,
          {
            rps: Math.round(median(all.map((f) => f.rps))),
            p99: median(all.map((f) => f.p99)),
            cpu: median(all.map((f) => f.cpu)),
            bare: { rps: Math.round(median(all.map((f) => f.bare.rps))) },
            ratio: median(all.map((f) => f.rps / f.bare.rps)),
          },
        ];
      }),
    ),
  }));
}

/**
 * The larger store against the smaller, round by round (each round measured both, one after the
 * other, in the order ABBA so that a machine slowing down or speeding up weighs on both alike):
 * the median change of the call's share of the bare route, of its p99 and of the server's CPU
 * time a request, with the rounds' range.
 */
export function compareTable(small, large, connections) {
  const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)}%`;
  // The rounds' range beside the median: on a shared machine it says how much of a change is noise.
  const change = (values) =>
    `${percent(median(values))} (${percent(Math.min(...values))} to ${percent(Math.max(...values))})`;
  const head = ['call', ...connections.flatMap((n) => [`× bare @${n}`, `p99 @${n}`, `CPU/req @${n}`])];
  const lines = small[0].map(({ title }, i) => [
    title,
    ...connections.flatMap((n) => {
      const pairs = small.map((rows, r) => [rows[i].figures[n], large[r][i].figures[n]]);
      return [
        change(pairs.map(([a, b]) => b.rps / b.bare.rps / (a.rps / a.bare.rps))),
        change(pairs.map(([a, b]) => Math.max(b.p99, 1) / Math.max(a.p99, 1))),
        change(pairs.map(([a, b]) => b.cpu / a.cpu)),
      ];
    }),
  ]);
  return [head, head.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
