import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../env.js';
import { edgePaths } from './layout.js';

/**
 * Clearing a line's cache on the local edge (a purge task). Stock nginx has no purge, but each
 * cached object is a file whose header holds its key (`\nKEY: <scheme><host><uri>\n`): an object
 * whose file is gone is a MISS on its next request. Every path given clears the objects whose
 * URI starts with it, under every domain and scheme; no path clears the line's whole cache.
 */

const HEADER_BYTES = 4096;

async function keyOf(file: string): Promise<string | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    return /\nKEY: ([^\n]*)\n/.exec(text)?.[1] ?? null;
  } finally {
    await handle.close();
  }
}

async function* cacheFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* cacheFiles(full);
    else yield full;
  }
}

/** The path part of a key `<scheme><host><uri>` (see line-conf.ts, proxy_cache_key). */
const uriOf = (key: string) => /^https?[^/]*(\/.*)$/.exec(key)?.[1] ?? '';

export async function purgeCache(config: Config, lineId: string, paths: readonly string[]): Promise<number> {
  const dir = path.join(edgePaths(config).run, 'cache', lineId);
  if (paths.length === 0) {
    let removed = 0;
    for await (const file of cacheFiles(dir)) {
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }
  const prefixes = paths.map((p) => (p.startsWith('/') ? p : `/${p}`));
  let removed = 0;
  for await (const file of cacheFiles(dir)) {
    const key = await keyOf(file);
    if (key !== null && prefixes.some((prefix) => uriOf(key).startsWith(prefix))) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
