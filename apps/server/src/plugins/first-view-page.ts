import { PassThrough, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FirstViewResult } from '@parapet/shared';
import { LIVE_BROTLI_QUALITY, LIVE_GZIP_LEVEL } from './compression.js';
import type { FirstViewParts, PageEncoding } from './console-shell.js';

type FirstView = Extract<FirstViewResult, { kind: 'page' }>;

/**
 * A signed-in page whose head goes out at once, so the browser fetches the screen's scripts and
 * stylesheets while the server renders its first view; the root follows with the view in it
 * (inert until the browser's console takes it over), or empty, as built, when there is none.
 *
 * Compressed here, at the levels of everything written on the fly (compression.ts), not by that
 * plugin: its compressor keeps the head until it has enough to write, and the head must reach
 * the browser at once. The page goes out already encoded, which the plugin leaves alone.
 */
export function firstViewPage(
  parts: FirstViewParts,
  encoding: PageEncoding,
  view: Promise<FirstView | undefined>,
): Readable {
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY } })
      : encoding === 'gzip'
        ? createGzip({ level: LIVE_GZIP_LEVEL })
        : undefined;
  const out = compressor ?? new PassThrough();
  out.write(parts.head);
  compressor?.flush(encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
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
