import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * Where the shipper stands in the edge's access log: which file (device and inode, kept as
 * decimal strings because 64-bit inode numbers do not fit a JSON number) and the byte offset
 * just past the last line the console acknowledged.
 */
export interface ShipPosition {
  dev: string;
  ino: string;
  offset: number;
}

const shipPositionSchema = z.object({
  dev: z.string().regex(/^\d+$/),
  ino: z.string().regex(/^\d+$/),
  offset: z.number().int().nonnegative(),
});

/** Reads the saved position; undefined when there is none yet. A damaged file throws. */
export async function readShipState(stateFile: string): Promise<ShipPosition | undefined> {
  let text: string;
  try {
    text = await readFile(stateFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return shipPositionSchema.parse(JSON.parse(text));
}

/**
 * Replaces the state file so that after a crash or power loss it holds either the old position
 * or the new one, never a torn mix: write a temporary file, flush it to disk, rename it over
 * the old one, then flush the folder so the rename itself survives.
 */
export async function writeShipState(stateFile: string, position: ShipPosition): Promise<void> {
  const temporary = `${stateFile}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    await file.writeFile(`${JSON.stringify(position)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, stateFile);
  await syncFolder(dirname(stateFile));
}

async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Some systems (Windows) cannot open or flush a folder; the rename is then as durable as
    // the system makes it.
  } finally {
    await handle?.close();
  }
}
