import { defineConfig, type UserConfig } from 'vitest/config';
import { testFilesWithMocks } from './build/test-files.js';
import webConfig from './vite.config.js';

// The console's test files that mock a module of ours, each with a module graph of its own
// (Vitest's default isolation): a mock then never reaches a file that wants the real module,
// nor a module already loaded by another file one that mocks it. `npx vitest run --project
// 'web (own modules)'` from the root runs just these.
export default defineConfig(async (env): Promise<UserConfig> => {
  const base = await webConfig(env);
  return {
    ...base,
    test: { ...base.test, name: 'web (own modules)', include: testFilesWithMocks(), exclude: [], isolate: true },
  };
});
