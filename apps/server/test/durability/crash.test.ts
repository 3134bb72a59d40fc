import { describe, expect, it } from 'vitest';
import { runCrashLoop, summaryTable } from './crash-loop.js';

/**
 * The short slice of the crash-durability bench (bench/crash.bench.ts, docs/crash-durability.md):
 * a few SIGKILLs during mixed writes, with this checkout's source bundled once for every start
 * (`bundleSource`), so it tests this checkout.
 * About 20 s on an idle machine; each start of the server takes ten times longer when the two
 * cores are shared with other runs, hence the long timeout.
 */
describe('crash durability', () => {
  it('keeps every acknowledged write, passes the store checks and ends open tasks across 5 SIGKILLs', async () => {
    const summary = await runCrashLoop({ kills: 5, seed: 7, port: 18392, build: 'source', killAfterMs: [800, 2500] });
    expect(summary.failures, summaryTable(summary)).toEqual([]);
    expect(summary.kills).toBe(5);
    expect(summary.integrityFailures).toBe(0);
    expect(summary.writesAcked).toBeGreaterThan(0);
    expect(summary.writesVerified).toBe(summary.writesAcked);
    expect(summary.batchesVerified).toBe(summary.batchesAcked);
    expect(summary.tasksRecovered).toBe(summary.tasksOpenAtKill);
  }, 300_000);
});
