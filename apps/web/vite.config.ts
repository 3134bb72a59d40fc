import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';

// The dev server forwards API calls and the socket to the Parapet server, so the console is
// served from one origin in development just as it is in production (cookies stay first-party).
export default defineConfig(({ mode }) => {
  // loadEnv with an empty prefix also sees the shell environment (API_TARGET=... npm run dev).
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.API_TARGET ?? 'http://localhost:8080';
  return {
    plugins: [react()],
    // '@/x' is src/x: features reach shared code without ../../ paths (lint forbids those).
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The UI kit alone is ~1 MB minified (~300 kB gzip); it is one long-cached vendor chunk.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          // Libraries change rarely, the console often: keep them apart so a deploy only
          // invalidates the app's own chunks in browsers' caches.
          codeSplitting: {
            groups: [
              { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
              { name: 'vendor-antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^/\\]+|@emotion|dayjs)[\\/]/, priority: 1 },
              { name: 'vendor', test: /node_modules[\\/]/ },
            ],
          },
          // Area chunks named after their feature folder (area-waf-rules-<hash>.js), not "route".
          chunkFileNames: (chunk) => {
            const area = /features\/([^/]+)\/route\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
            return `assets/${area ? `area-${area}` : '[name]'}-[hash].js`;
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/socket.io': { target, changeOrigin: true, ws: true },
      },
    },
    test: {
      // `npx vitest run --project web` from the root runs just these.
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      testTimeout: 20_000,
    },
  };
});
