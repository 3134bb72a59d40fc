import type { LineRecord } from './model.js';

/**
 * A line's cache settings as nginx locations (docs/edge.md, "Cache"). Each class of request is a
 * regex location, first match wins, in this order of precedence:
 *   never (no-cache paths and files) > forced paths > forced files > follow-origin paths >
 *   follow-origin files > custom paths > custom files > default files (the extension list).
 * Anything else is not cached (the default non-cached path is `/`).
 * Paths are prefixes of the URI; files are extensions (`jpg`, `.jpg`, `*.jpg`) or, with a slash
 * or no dot... a whole file name (`robots.txt`).
 */

export interface CacheClass {
  key: string;
  /** The location's match (`~ regex`), null for the catch-all. */
  regex: string;
  cache: boolean;
  /** Seconds-style nginx duration for 200/206/301/302, null to follow the origin's headers. */
  edge: string | null;
  browser: string | null;
  minUses: number;
  /** Cache even when the origin's headers forbid it. */
  force: boolean;
}

/** A literal for an nginx (PCRE) regex. */
const literal = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

function pathsRegex(paths: readonly string[]): string | null {
  const clean = paths.map((p) => p.trim()).filter(Boolean);
  if (!clean.length) return null;
  return `^(${clean.map((p) => literal(p.startsWith('/') ? p : `/${p}`)).join('|')})`;
}

function filesRegex(files: readonly string[]): string | null {
  const clean = files.map((f) => f.trim().replace(/^\*?\./, '')).filter(Boolean);
  if (!clean.length) return null;
  const names = clean.filter((f) => f.includes('.'));
  const extensions = clean.filter((f) => !f.includes('.'));
  const parts = [
    ...(extensions.length ? [`\\.(${extensions.map(literal).join('|')})$`] : []),
    ...(names.length ? [`/(${names.map(literal).join('|')})$`] : []),
  ];
  return parts.length === 1 ? parts[0]! : `(${parts.join('|')})`;
}

/** The line's cache classes, most binding first. */
export function cacheClasses(line: LineRecord): CacheClass[] {
  const { cache } = line;
  const out: CacheClass[] = [];
  const add = (key: string, regex: string | null, rest: Omit<CacheClass, 'key' | 'regex'>) => {
    if (regex) out.push({ key, regex, ...rest });
  };
  const none = { cache: false, edge: null, browser: null, minUses: 1, force: false };
  const custom = (timing: Pick<LineRecord['cache']['paths'], 'edge' | 'browser' | 'minUses'>, force: boolean) => ({
    cache: true,
    edge: timing.edge,
    browser: timing.browser,
    minUses: timing.minUses,
    force,
  });
  const follow = { cache: true, edge: null, browser: null, minUses: 1, force: false };
  add('never_path', pathsRegex(cache.never.paths), none);
  add('never_file', filesRegex(cache.never.files), none);
  add('force_path', pathsRegex(cache.paths.force), custom(cache.paths, true));
  add('force_file', filesRegex(cache.files.force), custom(cache.files, true));
  add('follow_path', pathsRegex(cache.followOrigin.paths), follow);
  add('follow_file', filesRegex(cache.followOrigin.files), follow);
  add('path', pathsRegex(cache.paths.patterns), custom(cache.paths, false));
  add('file', filesRegex(cache.files.patterns), custom(cache.files, false));
  add('default', filesRegex(cache.defaults.files), custom(cache.defaults, false));
  return out;
}

/** The directives of one class's location (the zone and key are the line's, set once in its server). */
export function cacheDirectives(zone: string, cls: CacheClass | null): string[] {
  if (!cls || !cls.cache) return ['proxy_cache off;'];
  const lines = [`proxy_cache ${zone};`, `proxy_cache_min_uses ${cls.minUses};`];
  if (cls.edge) lines.push(`proxy_cache_valid 200 206 301 302 ${cls.edge};`);
  if (cls.force) lines.push('proxy_ignore_headers Cache-Control Expires Set-Cookie Vary;');
  if (cls.browser) lines.push(`expires ${cls.browser};`);
  return lines;
}
