import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the console's unit tests live, relative to apps/web. */
export const TEST_FILES = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module with `vi.mock`, relative to apps/web. A mock is made for
 * the module graph of its own file, so these files run with a graph of their own
 * (vitest.mocks.config.ts); the rest share one graph per worker (vite.config.ts).
 */
export function testFilesWithMocks(): string[] {
  const src = path.join(import.meta.dirname, '..', 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(path.join(src, file), 'utf8').includes('vi.mock('))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
