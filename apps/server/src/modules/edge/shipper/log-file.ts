import { open, stat, type FileHandle } from 'node:fs/promises';
import type { ShipPosition } from './ship-state.js';

/** A log file by identity, not by name: rotation gives the name to another file. */
export interface FileIdentity {
  dev: string;
  ino: string;
}

/** An open log file and the offset just past its last acknowledged line. */
export interface OpenLog extends FileIdentity {
  handle: FileHandle;
  path: string;
  offset: number;
}

export const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.dev === b.dev && a.ino === b.ino;

export const positionOf = (log: OpenLog): ShipPosition => ({ dev: log.dev, ino: log.ino, offset: log.offset });

/** The identity of the file now at `path`; undefined while there is none (between rotations). */
export async function identityAt(path: string): Promise<FileIdentity | undefined> {
  try {
    const stats = await stat(path, { bigint: true });
    return { dev: String(stats.dev), ino: String(stats.ino) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Opens the file at `path` for reading at `offset`; undefined when it does not exist. */
export async function openLog(path: string, offset = 0): Promise<OpenLog | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  // Identity from the open handle, not the name: the name may have moved on since.
  const stats = await handle.stat({ bigint: true });
  return { handle, path, dev: String(stats.dev), ino: String(stats.ino), offset };
}

/**
 * Where to start after a restart. The saved file is looked for at the log's name and then at
 * `<log>.1`, the name logrotate gives it, so lines written before a rotation that happened while
 * the shipper was down are still sent; the rotation check then moves on to the new file.
 * A saved file found at neither name is gone: the log is read from its start.
 */
export async function openAtSaved(
  logFile: string,
  saved: ShipPosition | undefined,
  warn: (message: string) => void,
): Promise<OpenLog | undefined> {
  const current = await openLog(logFile);
  if (!saved) return current;
  if (current && sameFile(current, saved)) {
    current.offset = saved.offset;
    return current;
  }
  const rotated = await openLog(`${logFile}.1`);
  if (rotated && sameFile(rotated, saved)) {
    await current?.handle.close();
    rotated.offset = saved.offset;
    return rotated;
  }
  await rotated?.handle.close();
  if (current) warn(`the saved position is for a file no longer at ${logFile}(.1); reading ${logFile} from its start`);
  return current;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
