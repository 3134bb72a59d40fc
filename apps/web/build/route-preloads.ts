import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The shared package by its path: the config's loader bundles relative files but leaves packages
// to Node, which cannot load the shared package's TypeScript.
import {
  PRELOAD_PLAN_FILE,
  type PreloadFiles,
  type PreloadPlan,
} from '../../../packages/shared/src/console-preloads.js';
import type { Plugin } from 'vite';
import { AREA_MODULES, CONSOLE_MESSAGES_MODULE, SIGNED_IN_FRAME_MODULES } from '../src/app/route-preloads.js';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as far as we read it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** Every chunk `keys` import, statically and transitively, themselves included. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route preloads: ${key} is not a chunk of the build (src/app/route-preloads.ts)`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The plan for a build: each set lists what its modules need beyond the entry, which index.html
 * already loads, and beyond the frame for an area, since the frame's files are named with it.
 */
export function preloadPlan(manifest: Manifest): PreloadPlan {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = closure(manifest, entries);
  const files = (keys: Set<string>, skip: Set<string>): PreloadFiles => {
    const own = [...keys].filter((key) => !skip.has(key)).map((key) => manifest[key] as ManifestChunk);
    return {
      scripts: own.map((chunk) => chunk.file),
      styles: [...new Set(own.flatMap((chunk) => chunk.css ?? []))],
    };
  };
  const frameKeys = closure(manifest, SIGNED_IN_FRAME_MODULES);
  const beforeArea = new Set([...loaded, ...frameKeys]);
  return {
    frame: files(frameKeys, loaded),
    areas: AREA_MODULES.map(({ paths, modules }) => ({
      paths,
      files: files(closure(manifest, modules), beforeArea),
    })),
    messages: Object.fromEntries(
      Object.entries(manifest).flatMap(([key, chunk]) => {
        const locale = CONSOLE_MESSAGES_MODULE.exec(key)?.[1];
        return locale ? [[locale, chunk.file]] : [];
      }),
    ),
  };
}

/** Writes the plan once Vite has written its manifest (build.manifest must be on). */
export function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'parapet-route-preloads',
    apply: 'build',
    // Before the precompress plugin's closeBundle: the plan is read by the server, not sent.
    enforce: 'pre',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      await writeFile(path.join(outDir, PRELOAD_PLAN_FILE), `${JSON.stringify(preloadPlan(manifest), null, 2)}\n`);
    },
  };
}
