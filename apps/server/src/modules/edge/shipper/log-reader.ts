import type { FileHandle } from 'node:fs/promises';

const NEWLINE = 0x0a;
const CHUNK_BYTES = 64 * 1024;

/** One complete line of the log, without its newline, and the offset just past that newline. */
export interface LogLine {
  text: Buffer;
  end: number;
}

export interface LineBatch {
  /** Complete, non-blank lines in file order. */
  lines: LogLine[];
  /** Offset just past everything this batch covers, blank and oversized lines included. */
  end: number;
  /** Bytes of the lines joined by newlines: the size of the body that carries them. */
  bytes: number;
  /** Lines longer than maxBytes, passed over: no batch could ever carry them. */
  oversized: number;
}

/**
 * Reads complete lines from `offset` until the next line would pass `maxLines` or `maxBytes`,
 * or the file holds no further complete line. A last line without its newline is being written
 * and is left for a later read.
 */
export async function readLineBatch(
  handle: FileHandle,
  offset: number,
  limits: { maxLines: number; maxBytes: number },
): Promise<LineBatch> {
  const batch: LineBatch = { lines: [], end: offset, bytes: 0, oversized: 0 };
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  // The start of a line that spans chunks, dropped once it is known to be too long to send.
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let position = offset;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) return batch;
    const data = chunk.subarray(0, bytesRead);
    let from = 0;
    while (from < data.length) {
      const newline = data.indexOf(NEWLINE, from);
      if (newline === -1) {
        partialBytes += data.length - from;
        partial = partialBytes > limits.maxBytes ? [] : [...partial, Buffer.from(data.subarray(from))];
        break;
      }
      const lineBytes = partialBytes + newline - from;
      const end = position + newline + 1;
      const text = lineBytes > limits.maxBytes ? undefined : Buffer.concat([...partial, data.subarray(from, newline)]);
      partial = [];
      partialBytes = 0;
      from = newline + 1;
      if (text === undefined) {
        batch.oversized++;
      } else if (text.toString('utf8').trim() !== '') {
        const bytes = batch.bytes + (batch.lines.length > 0 ? 1 : 0) + text.length;
        if (batch.lines.length >= limits.maxLines || bytes > limits.maxBytes) return batch;
        batch.lines.push({ text, end });
        batch.bytes = bytes;
      }
      batch.end = end;
    }
    position += bytesRead;
  }
}
