import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { storeKinds } from '../helpers/stores.js';
import { describeFailure, FuzzRunner } from './fuzz-runner.js';

/**
 * The fuzzer's slice of `npm test` (issue 16): 2,000 calls at every operation of the OpenAPI
 * document, as an admin, a member and nobody, each answer checked (docs/fuzzing.md). Seeded:
 * FUZZ_SEED replays a run; `npm run bench:fuzz` makes the long runs.
 */
const CALLS = Number(process.env.FUZZ_CALLS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

describe.each(storeKinds)('fuzzed calls on %s', (kind) => {
  let t: TestApp;
  let runner: FuzzRunner;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    runner = new FuzzRunner(t);
    await runner.setUp();
  });
  afterAll(() => t.close());

  it(`answers ${CALLS} fuzzed calls without a 5xx, off-schema answer or leak`, { timeout: 120_000 }, async () => {
    const report = await runner.run({ calls: CALLS, seed: SEED });
    const shown = report.failures.slice(0, 10).map((f) => describeFailure(SEED, f));
    expect(shown, `${report.failures.length} of ${report.calls} calls failed`).toEqual([]);
    expect(Object.keys(report.byRoute).length).toBe(runner.operationCount);
  });
});
