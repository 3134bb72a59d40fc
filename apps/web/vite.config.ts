import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every built text file, at the strongest settings
 * (too slow to use per request, free at build time). The server sends them as they are to
 * clients that accept them (@fastify/static `preCompressed`). A copy that would not be
 * smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parapet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const raw = await readFile(full);
          const br = await toBrotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gz = await toGzip(raw, { level: constants.Z_BEST_COMPRESSION });
          if (br.length < raw.length) await writeFile(`${full}.br`, br);
          if (gz.length < raw.length) await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

// The dev server forwards API calls and the socket to the Parapet server, so the console is
// served from one origin in development just as it is in production (cookies stay first-party).
export default defineConfig(({ mode }) => {
  // loadEnv with an empty prefix also sees the shell environment (API_TARGET=... npm run dev).
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.API_TARGET ?? 'http://localhost:8080';
  return {
    plugins: [react(), precompress()],
    // '@/x' is src/x: features reach shared code without ../../ paths (lint forbids those).
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: which chunks each route needs (scripts/bundle-budget.mjs reads it).
      manifest: true,
      emptyOutDir: true,
      // The UI kit alone is ~1 MB minified (~300 kB gzip); it is one long-cached vendor chunk.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        output: {
          // Libraries change rarely, the console often: keep them apart so a deploy only
          // invalidates the app's own chunks in browsers' caches.
          codeSplitting: {
            groups: [
              {
                // Charts and the world map load with the dashboard only, not with every screen.
                name: 'vendor-charts',
                test: /node_modules[\\/](echarts|zrender|world-atlas|topojson-client|i18n-iso-countries)[\\/]/,
                priority: 3,
              },
              {
                name: 'vendor-react',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                priority: 2,
              },
              {
                name: 'vendor-antd',
                test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^/\\]+|@emotion|dayjs)[\\/]/,
                priority: 1,
              },
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
