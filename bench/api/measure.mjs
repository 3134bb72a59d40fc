// One figure of bench/api.bench.mjs: autocannon against one call, warm-up first, then the
// requests/s and p99 at each connection count. A run with any error or non-2xx answer throws:
// a fast 401 is not a figure.
import autocannon from 'autocannon';

const once = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * `call`: {url, method?, headers?, body?}. Returns {[connections]: {rps, p99}}, rps the mean of
 * autocannon's per-second samples, p99 in ms.
 */
export async function measure(call, { connections, seconds, warmupSeconds }) {
  const base = { url: call.url, method: call.method ?? 'GET', headers: call.headers ?? {}, body: call.body };
  await once({ ...base, connections: connections[0], duration: warmupSeconds });
  const figures = {};
  for (const n of connections) {
    const result = await once({ ...base, connections: n, duration: seconds });
    if (result.errors || result.timeouts || result.non2xx)
      throw new Error(
        `${base.method} ${call.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
      );
    figures[n] = { rps: Math.round(result.requests.average), p99: result.latency.p99 };
  }
  return figures;
}

/** A markdown table: one row per call, requests/s, p99 and the ratio to the bare route per connection count. */
export function table(rows, connections) {
  const bare = rows[0].figures;
  const head = ['call', ...connections.flatMap((n) => [`req/s @${n}`, `p99 ms @${n}`, `× bare @${n}`])];
  const lines = rows.map(({ title, figures }) => [
    title,
    ...connections.flatMap((n) => [
      String(figures[n].rps),
      String(figures[n].p99),
      (figures[n].rps / bare[n].rps).toFixed(3),
    ]),
  ]);
  return [head, head.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
