import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { routePreloads } from './build/route-preloads.js';

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
    plugins: [react(), routePreloads(), precompress()],
    // '@/x' is src/x: features reach shared code without ../../ paths (lint forbids those).
    resolve: { alias: { '@': `${import.meta.dirname}/src` } },
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: which chunks each route needs (scripts/bundle-budget.mjs reads it).
      manifest: true,
      emptyOutDir: true,
      // Ant Design alone is ~1 MB minified; the signed-in screens share it in a few chunks.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        // The shared package is constants, pure functions and zod schemas: a module of it that no
        // import uses is dropped, so the sign-in page takes its limits and codes without zod.
        treeshake: { moduleSideEffects: [{ test: /packages[\\/]shared[\\/]/, sideEffects: false }] },
        output: {
          // Libraries change rarely, the console often: keep them apart so a deploy only
          // invalidates the app's own chunks in browsers' caches. The sign-in page imports no
          // Ant Design, zod or socket.io, so none of these groups is on its way (docs/speed.md).
          codeSplitting: {
            groups: [
              {
                // Charts and the world map load with the dashboard only, not with every screen.
                name: 'vendor-charts',
                test: /node_modules[\\/](echarts|zrender|world-atlas|topojson-client|i18n-iso-countries)[\\/]/,
                priority: 3,
              },
              {
                // What every page runs on, the sign-in page included.
                name: 'vendor-react',
                test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|@tanstack|use-sync-external-store)[\\/]/,
                priority: 2,
              },
              {
                // The UI kit's modules that two or more lazily loaded parts use (nearly all of
                // them: the signed-in screens share most of Ant Design) in one long-cached chunk;
                // one used by a single screen stays with it. Fewer, larger files measured smaller
                // for every signed-in area than a split per set of users (entriesAware). Its CSS
                // reset is left out: the entry imports it, and would import this chunk with it.
                name: 'vendor-antd',
                test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^/\\]+|@emotion|dayjs)[\\/].*\.[cm]?js$/,
                priority: 1,
                minShareCount: 2,
              },
              {
                // The rest (zod, socket.io, nprogress) split by the set of routes using each module,
                // so the sign-in page gets nprogress only and the socket comes with the signed-in frame.
                name: 'vendor',
                test: /node_modules[\\/]/,
                entriesAware: true,
                entriesAwareMergeThreshold: 20_000,
              },
            ],
          },
          // Area chunks named after their feature folder (area-waf-rules-<hash>.js), not "route";
          // the console's texts per language (messages-zh-TW-<hash>.js); a group split by its users
          // by the group alone (vendor-<hash>.js, not vendor~route~route~...).
          chunkFileNames: (chunk) => {
            const facade = chunk.facadeModuleId ?? '';
            const area = /features\/([^/]+)\/route\.tsx$/.exec(facade)?.[1];
            const messages = /locales\/console\/([^/]+)\.ts$/.exec(facade)?.[1];
            const name = area ? `area-${area}` : messages ? `messages-${messages}` : chunk.name.split('~')[0];
            return `assets/${name}-[hash].js`;
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
      // Each file in a worker thread rather than a child process of its own: the console's tests
      // use no native module, and the 100 files took 317 and 348 s instead of 381 s (docs/speed.md).
      pool: 'threads',
      // Room for a first wait of up to 15 s (src/test/setup.ts) and the rest of the test.
      testTimeout: 30_000,
    },
  };
});
