import type { RequestFacts } from './model.js';
import { hasValidEscapes, normalizeUri } from './uri.js';

export { normalizeUri } from './uri.js';

/**
 * A pasted raw HTTP/1.x request read into the facts the rule tester judges (docs/waf-rules.md,
 * "A raw request"): the request line, then `name: value` header lines up to the first blank line;
 * the body is ignored. The client's address and what only the edge knows come from the form.
 */

export type RawRequestFacts = Pick<RequestFacts, 'method' | 'scheme' | 'host' | 'uri' | 'args' | 'headers'>;
export type ParsedRawRequest = { ok: true; facts: RawRequestFacts } | { ok: false; line: number };

/** An HTTP token (RFC 9110): a method or a header name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^(\S+) +(\S+) +HTTP\/1\.\d$/;
const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]+)(.*)$/i;
/** Characters a host may not hold (nginx refuses the request). */
const BAD_HOST = /[\s/\\]/;
const DEFAULT_SCHEME: RequestFacts['scheme'] = 'https';

/** The host as nginx's `$host` gives it: lower case, without user, port or a final dot. */
function hostOf(authority: string): string {
  const afterUser = authority.slice(authority.lastIndexOf('@') + 1);
  const host = afterUser.startsWith('[') ? afterUser.slice(0, afterUser.indexOf(']') + 1) : afterUser.split(':')[0]!;
  return host.toLowerCase().replace(/\.$/, '');
}

interface Target {
  scheme?: RequestFacts['scheme'];
  host?: string;
  path: string;
  args: string;
}

/** Origin form `/a/b?x=1` or absolute form `http://host/a`; a fragment is not part of a request. */
function readTarget(target: string): Target | null {
  let scheme: RequestFacts['scheme'] | undefined;
  let host: string | undefined;
  let rest = target.split('#')[0]!;
  const absolute = ABSOLUTE_FORM.exec(rest);
  if (absolute) {
    scheme = absolute[1]!.toLowerCase() as RequestFacts['scheme'];
    host = hostOf(absolute[2]!);
    rest = absolute[3]!;
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  if (!rest.startsWith('/')) return null;
  const question = rest.indexOf('?');
  const path = question === -1 ? rest : rest.slice(0, question);
  if (!hasValidEscapes(path) || (host !== undefined && (host === '' || BAD_HOST.test(host)))) return null;
  return { scheme, host, path, args: question === -1 ? '' : rest.slice(question + 1) };
}

/** Repeated headers are one value: cookies joined by `; `, any other by `, `. */
function addHeader(headers: Record<string, string>, name: string, value: string): void {
  const earlier = headers[name];
  headers[name] = earlier === undefined ? value : `${earlier}${name === 'cookie' ? '; ' : ', '}${value}`;
}

export function parseRawRequest(raw: string): ParsedRawRequest {
  const lines = raw.split(/\r?\n/);
  // Blank lines before the request line are skipped, as servers do.
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index === -1) return { ok: false, line: 1 };
  const requestLine = REQUEST_LINE.exec(lines[index]!.trim());
  const target = requestLine && TOKEN.test(requestLine[1]!) ? readTarget(requestLine[2]!) : null;
  if (!requestLine || !target) return { ok: false, line: index + 1 };

  const headers: Record<string, string> = {};
  let hostHeader: string | undefined;
  for (index += 1; index < lines.length; index++) {
    const line = lines[index]!;
    // The head ends at the first blank line; what follows is the body.
    if (line.trim() === '') break;
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(colon, 0));
    // No colon, a space before it, or a continuation line (obs-fold): not a header line.
    if (colon <= 0 || !TOKEN.test(name)) return { ok: false, line: index + 1 };
    const lower = name.toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (lower === 'host') {
      if (hostHeader !== undefined || BAD_HOST.test(value)) return { ok: false, line: index + 1 };
      hostHeader = value;
    }
    addHeader(headers, lower, value);
  }

  return {
    ok: true,
    facts: {
      method: requestLine[1]!,
      scheme: target.scheme ?? DEFAULT_SCHEME,
      // The request line's host comes before the Host header, as nginx's $host takes it.
      host: target.host ?? (hostHeader === undefined ? '' : hostOf(hostHeader)),
      uri: normalizeUri(target.path),
      args: target.args,
      headers,
    },
  };
}
