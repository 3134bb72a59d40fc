// `npm run bench:fuzz` (issue 16 item 1; docs/fuzzing.md): the API fuzzer's long run. Fuzzed calls
// at every operation of the OpenAPI document, as an admin, a member and nobody, through
// `app.inject` on a fresh store of each kind asked for; every answer checked (no 5xx, a
// documented status, the documented body, no stack, SQL or path). Prints calls, calls per status
// class, per route, failures and time; exits 1 when any call failed.
//
//   npx tsx bench/fuzz.bench.ts [--calls 100000] [--store sqlite|postgres|both] [--seed N]
//
// PostgreSQL needs TEST_DATABASE_URL (each run makes and drops its own schema).
import { parseArgs } from 'node:util';
import type { StoreKind } from '@parapet/shared';
import { buildTestApp } from '../apps/server/test/helpers/app.js';
import { describeFailure, FuzzRunner, type FuzzReport } from '../apps/server/test/fuzz/fuzz-runner.js';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '100000' },
    store: { type: 'string', default: 'sqlite' },
    seed: { type: 'string', default: '20261125' },
  },
});
const CALLS = Number(args.calls);
const SEED = Number(args.seed);
const STORES: StoreKind[] = args.store === 'both' ? ['sqlite', 'postgres'] : [args.store as StoreKind];

async function runOn(kind: StoreKind): Promise<FuzzReport> {
  const t = await buildTestApp(kind);
  try {
    const runner = new FuzzRunner(t);
    await runner.setUp();
    let last = Date.now();
    return await runner.run({
      calls: CALLS,
      seed: SEED,
      onProgress: (done, failures) => {
        if (Date.now() - last < 30_000 && done < CALLS) return;
        last = Date.now();
        console.log(`  ${kind}: ${done} calls, ${failures} failed`);
      },
    });
  } finally {
    await t.close();
  }
}

function print(kind: StoreKind, report: FuzzReport): void {
  const seconds = report.ms / 1000;
  console.log(`\n== ${kind}: ${report.calls} calls, seed ${report.seed}, ${seconds.toFixed(1)} s`);
  console.log(`   ${(report.calls / seconds).toFixed(0)} calls/s`);
  console.log(
    `   by status class: ${Object.entries(report.byStatusClass)
      .sort()
      .map(([cls, n]) => `${cls} ${n}`)
      .join(', ')}`,
  );
  console.log(`   putting the fixture back: ${(report.healMs / 1000).toFixed(1)} s`);
  console.log(`   routes: ${Object.keys(report.byRoute).length} (calls, ms per call, statuses)`);
  for (const [route, { calls, ms, statuses }] of Object.entries(report.byRoute).sort()) {
    const spread = Object.entries(statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    const perCall = (ms / calls).toFixed(1);
    console.log(`     ${route.padEnd(58)} ${String(calls).padStart(6)} ${perCall.padStart(7)}  ${spread}`);
  }
  console.log(`   failures: ${report.failures.length}`);
  for (const failure of report.failures.slice(0, 20)) console.log(describeFailure(report.seed, failure));
}

let failed = 0;
for (const kind of STORES) {
  const report = await runOn(kind);
  print(kind, report);
  failed += report.failures.length;
}
process.exit(failed === 0 ? 0 : 1);
