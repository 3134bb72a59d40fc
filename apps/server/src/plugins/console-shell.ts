import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRELOAD_PLAN_FILE, type Locale, type PreloadFiles, type PreloadPlan } from '@parapet/shared';

/** One page as sent: plain, and compressed both ways the console's files are. */
export interface ShellPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The page the console's screens start from (index.html), with, for a browser that holds a
 * session, the files of the signed-in screen it asked for named up front as preloads. The entry
 * alone finds them one import at a time: the signed-in frame once the entry runs, the area once
 * the frame's guard runs, the area's data and charts once the area renders. Named in the page,
 * they come in one round at the start (docs/web-bench.md, "Preloads"). Signed out, or on a
 * public screen, the page is index.html as built: the sign-in page keeps its small budget.
 */
export interface ConsoleShell {
  /** The page with the preloads of `pathname` for a signed-in browser in `locale`, or undefined: send index.html. */
  signedInPage(pathname: string, locale: Locale): ShellPage | undefined;
  /**
   * The same page in two parts, around the root element, for the server's first view of the
   * screen (console-first-view.ts): the head goes out at once, the root and the rest once the
   * view is rendered. The head names the stylesheets, linked, not only preloaded: the view is
   * drawn with them before any script runs. The scripts move after the root: fetched while the
   * server renders, 40 of them slowed its render two to four times (docs/server-render.md).
   */
  firstViewParts(pathname: string, locale: Locale): FirstViewParts | undefined;
}

/** A signed-in page cut at its root element: `head` up to it, `tail` after it. */
export interface FirstViewParts {
  head: string;
  tail: string;
}

/** The encoding a page goes out in; none for a client that accepts neither. */
export type PageEncoding = 'br' | 'gzip' | undefined;

const ROOT_ELEMENT = '<div id="root"></div>';
const STYLE_PRELOAD = /<link rel="preload" as="style" crossorigin href="/g;
const SCRIPT_TAG = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;
const DOCUMENT_LANG = /<html lang="[^"]*">/;

/** The area whose paths hold `pathname` (the longest match), by whole segments. */
function areaOf(plan: PreloadPlan, pathname: string): PreloadFiles | undefined {
  let best: { length: number; files: PreloadFiles } | undefined;
  for (const area of plan.areas) {
    for (const prefix of area.paths) {
      const hit = prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (hit && prefix.length > (best?.length ?? -1)) best = { length: prefix.length, files: area.files };
    }
  }
  return best?.files;
}

/** `<link>` tags for the files, in the order the browser will need them. */
function links(sets: PreloadFiles[], messages: string | undefined): string {
  const tags: string[] = [];
  for (const { scripts } of sets) {
    for (const file of scripts) tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  if (messages) tags.push(`<link rel="modulepreload" crossorigin href="/${messages}">`);
  // Vite's loader adds each stylesheet with `crossorigin` when its chunk is imported: the same
  // mode here, or the browser would fetch it twice.
  for (const { styles } of sets) {
    for (const file of styles) tags.push(`<link rel="preload" as="style" crossorigin href="/${file}">`);
  }
  return tags.map((tag) => `    ${tag}\n`).join('');
}

function compressed(html: string): ShellPage {
  const plain = Buffer.from(html);
  return {
    plain,
    // A page of a few kB: the strongest settings cost a millisecond, once per variant.
    br: brotliCompressSync(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(plain, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Reads index.html and the build's preload plan. Without a plan (a build from before it, or a
 * plan that does not parse) every browser gets index.html as it is, which still works: the
 * files are found one import at a time.
 */
export function loadConsoleShell(webRoot: string): ConsoleShell | undefined {
  const planFile = path.join(webRoot, PRELOAD_PLAN_FILE);
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(planFile) || !existsSync(indexFile)) return undefined;
  let plan: PreloadPlan;
  try {
    plan = JSON.parse(readFileSync(planFile, 'utf8')) as PreloadPlan;
  } catch {
    return undefined;
  }
  const index = readFileSync(indexFile, 'utf8');
  if (!index.includes('</head>') || !index.includes(ROOT_ELEMENT)) return undefined;
  const html = (area: PreloadFiles, locale: Locale) =>
    index.replace('</head>', `${links([plan.frame, area], plan.messages[locale])}  </head>`);
  // One page per area and language, made on first use: a dozen areas, three languages.
  const pages = new Map<string, ShellPage>();
  return {
    signedInPage(pathname, locale) {
      const area = areaOf(plan, pathname);
      if (!area) return undefined;
      const key = `${plan.areas.findIndex((a) => a.files === area)} ${locale}`;
      let page = pages.get(key);
      if (!page) {
        page = compressed(html(area, locale));
        pages.set(key, page);
      }
      return page;
    },
    firstViewParts(pathname, locale) {
      const area = areaOf(plan, pathname);
      if (!area) return undefined;
      const page = html(area, locale)
        .replace(DOCUMENT_LANG, `<html lang="${locale}">`)
        .replace(STYLE_PRELOAD, '<link rel="stylesheet" crossorigin href="');
      const at = page.indexOf(ROOT_ELEMENT);
      const head = page.slice(0, at);
      const scripts = (head.match(SCRIPT_TAG) ?? []).join('');
      return { head: head.replace(SCRIPT_TAG, ''), tail: `${scripts}${page.slice(at + ROOT_ELEMENT.length)}` };
    },
  };
}
