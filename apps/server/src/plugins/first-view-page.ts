import { PassThrough, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FirstViewResult } from '@parapet/shared';
import type { FirstViewParts, PageEncoding } from './console-shell.js';

type FirstView = Extract<FirstViewResult, { kind: 'page' }>;

/** Per request: a middling level, a millisecond or two for the dashboard's 60 kB. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

/**
 * A signed-in page whose head goes out at once, so the browser fetches the screen's scripts and
 * stylesheets while the server renders its first view; the root follows with the view in it
 * (inert until the browser's console takes it over), or empty, as built, when there is none.
 */
export function firstViewPage(
  parts: FirstViewParts,
  encoding: PageEncoding,
  view: Promise<FirstView | undefined>,
): Readable {
  const out: Transform =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : encoding === 'gzip'
        ? createGzip({ level: GZIP_LEVEL })
        : new PassThrough();
  out.write(parts.head);
  // A compressor keeps what it is given until it has enough: the head must reach the browser now.
  if (encoding === 'br') (out as unknown as { flush(kind: number): void }).flush(constants.BROTLI_OPERATION_FLUSH);
  else if (encoding === 'gzip') (out as unknown as { flush(kind: number): void }).flush(constants.Z_SYNC_FLUSH);
  const rest = (found: FirstView | undefined) =>
    found
      ? `<div id="root" inert>${found.html}</div>${found.state}${parts.tail}`
      : `<div id="root"></div>${parts.tail}`;
  view.then(
    (found) => out.end(rest(found)),
    () => out.end(rest(undefined)),
  );
  return out;
}
