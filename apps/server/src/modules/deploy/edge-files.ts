import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EdgeChange } from '../edge/snapshot.js';

/**
 * Writes a file so a reader sees the old content or the new, never half of either: a
 * temporary file beside it, flushed to disk, then renamed over the target.
 */
export async function writeAtomically(file: string, content: string, mode = 0o644): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w', mode);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function removeFiles(...files: string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** A record the task publishes, by path under the edge folder (applied after validation). */
export function writeRecord(change: EdgeChange, relative: string, content: string, mode?: number): void {
  change.removes.delete(relative);
  change.writes.set(relative, mode === undefined ? { content } : { content, mode });
}

export function removeRecords(change: EdgeChange, ...relatives: string[]): void {
  for (const relative of relatives) {
    change.writes.delete(relative);
    change.removes.add(relative);
  }
}
