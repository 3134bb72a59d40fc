import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each project keeps its own settings.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, where
    // most of a test's time is waiting on a store, nginx or a socket. Two workers finish the
    // run in about two thirds of the time (docs/speed.md, "The test run").
    maxWorkers: 2,
  },
});
