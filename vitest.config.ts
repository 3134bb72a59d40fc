import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each project keeps its own settings.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
