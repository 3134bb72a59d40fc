import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One set of openssl certificates for the run, and argon2id at a test-only cost in the
    // tests' own process (docs/speed.md, "The test run").
    globalSetup: ['test/setup/shared-certs.ts'],
    setupFiles: ['test/setup/argon2-test-cost.ts'],
    // argon2 hashing and real PostgreSQL/Redis round trips are slower than pure unit tests.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
