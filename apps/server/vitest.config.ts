import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // argon2 hashing and real PostgreSQL/Redis round trips are slower than pure unit tests.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
