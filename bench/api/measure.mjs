// One row of bench/api.bench.mjs: autocannon against one call, warm-up first, then at each
// connection count the bare route and the call back to back, so that each ratio compares two
// runs a few seconds apart (on a shared 2-core machine the bare route alone swings 2x from one
// minute to the next). A run with any error or non-2xx answer throws: a fast 401 is not a figure.
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

async function run(call, connections, duration) {
  const result = await once({ ...optionsOf(call), connections, duration });
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(
      `${call.method ?? 'GET'} ${call.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  // requests.average is the mean of autocannon's per-second samples.
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

/** `call`, `bare`: {url, method?, headers?, body?}. Returns {[connections]: {rps, p99, bare: {rps, p99}}}. */
export async function measure(call, bare, { connections, seconds, warmupSeconds }) {
  await once({ ...optionsOf(call), connections: connections[0], duration: warmupSeconds });
  const figures = {};
  for (const n of connections) {
    const yardstick = await run(bare, n, seconds);
    figures[n] = { ...(await run(call, n, seconds)), bare: yardstick };
  }
  return figures;
}

/** A markdown table: per connection count, the call's requests/s and p99, the bare route's requests/s and the ratio. */
export function table(rows, connections) {
  const head = [
    'call',
    ...connections.flatMap((n) => [`req/s @${n}`, `p99 ms @${n}`, `bare req/s @${n}`, `× bare @${n}`]),
  ];
  const lines = rows.map(({ title, figures }) => [
    title,
    ...connections.flatMap((n) => {
      const f = figures[n];
      return [String(f.rps), String(f.p99), String(f.bare.rps), (f.rps / f.bare.rps).toFixed(3)];
    }),
  ]);
  return [head, head.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
