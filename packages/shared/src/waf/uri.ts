/**
 * A request path as nginx's `$uri` holds it (the value firewall URI patterns are searched in):
 * percent-decoded, repeated slashes merged, `.` and `..` segments resolved. Decoding comes first,
 * as nginx feeds a decoded character back into its path parser, so `%2F` is a slash and `%2E%2E`
 * climbs a level. A `..` at the root stays at the root (nginx answers such a request 400; the
 * console has no such request to judge).
 */

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;
const utf8 = new TextDecoder('utf-8');

/**
 * Whether every `%` starts a two-digit hex escape and none decodes to NUL: what nginx refuses
 * with 400 before any rule runs.
 */
export function hasValidEscapes(path: string): boolean {
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const pair = path.slice(i + 1, i + 3);
    if (!HEX_PAIR.test(pair) || pair === '00') return false;
  }
  return true;
}

/**
 * Decodes `%XX` escapes as bytes read as UTF-8 (a byte sequence that is not UTF-8 becomes U+FFFD).
 * An escape that is not two hex digits, and `%00`, are kept as written.
 */
export function percentDecode(path: string): string {
  if (!path.includes('%')) return path;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < path.length;) {
    const pair = path.slice(i + 1, i + 3);
    if (path[i] === '%' && HEX_PAIR.test(pair) && pair !== '00') {
      bytes.push(parseInt(pair, 16));
      i += 3;
    } else {
      const codePoint = path.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(codePoint);
      bytes.push(...encoder.encode(char));
      i += char.length;
    }
  }
  return utf8.decode(Uint8Array.from(bytes));
}

export function normalizeUri(path: string): string {
  const segments = percentDecode(path).split('/');
  const out: string[] = [];
  // The path ends in a slash when its last segment is empty, `.` or `..` (`/a/b/..` is `/a/`).
  let trailingSlash = false;
  // The first segment is what precedes the leading slash (nothing, for a path as a request has it).
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '' || segment === '.') trailingSlash = last;
    else if (segment === '..') {
      out.pop();
      trailingSlash = last;
    } else {
      out.push(segment);
      trailingSlash = false;
    }
  });
  if (out.length === 0) return '/';
  return `/${out.join('/')}${trailingSlash ? '/' : ''}`;
}
