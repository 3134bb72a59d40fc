import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The slowest files of a whole run on a busy machine, longest first, leaving out those whose time
 * was mostly certificates or argon2, both now cheap (docs/speed.md, "The test run"). Vitest
 * orders files by their last duration when it has a results cache; on a clean clone (CI) it
 * has none and runs larger files first, which put these short files last, each then running
 * alone on one worker at the end of the run. Started first, they overlap with the many short
 * files on the other worker.
 */
export const LONG_FILES = [
  'apps/server/test/ingest/ingest-api.test.ts',
  'apps/server/test/durability/crash.test.ts',
  'apps/server/test/fuzz/fuzz.test.ts',
  'apps/server/test/event-store/duckdb-rollups.test.ts',
  'apps/server/test/edge/shipper.test.ts',
  'apps/server/test/cluster/two-servers.test.ts',
  'apps/server/test/tenancy/isolation.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((long) => file.moduleId.endsWith(`/${long}`));
      return at === -1 ? LONG_FILES.length : at;
    };
    // Stable: the rest keep Vitest's own order.
    return sorted
      .map((file, index) => ({ file, index, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}

// One Vitest run over every workspace; each project keeps its own settings.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where
    // most of a test's time is waiting on a store, nginx or a socket. Two workers finish the
    // run in about two thirds of the time (docs/speed.md, "The test run").
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
  },
});
