import {
  checkHeaderName,
  isIP,
  normalizeUri,
  splitHeaderLine,
  splitLines,
  type RequestFacts,
  type RequestFactsInput,
  type WafHttpMethod,
  type WafOwaspCategory,
  type WafProxyType,
  type WafRuleInput,
} from '@parapet/shared';
import type { RuleTestBody } from './run-rule-test';

// The tester's form as the request the evaluator judges (model.ts RequestFacts): a URL and
// header lines, or a pasted raw request, plus the client's address and what the edge would
// know of it. Pure, so the form's checks and the body sent are tested without a screen.

/** How the request is given: as fields, or as a raw HTTP request pasted in. */
export type TesterMode = 'form' | 'raw';

export interface TesterValues {
  method: WafHttpMethod;
  url: string;
  /** One `name: value` a line. */
  headers: string;
  raw: string;
  clientIp: string;
  country?: string;
  isp?: string;
  proxyType?: WafProxyType;
  /** Requests a second the client is sending. */
  ratePerSecond?: number | null;
  owasp?: WafOwaspCategory[];
}

export const TESTER_DEFAULTS: TesterValues = { method: 'GET', url: '', headers: '', raw: '', clientIp: '', owasp: [] };

/** The rules to try: a saved line, a list by name in order, and a rule being edited. */
export interface TesterTarget {
  groupName: string;
  appProfileName?: string;
  rules?: Array<{ value: string; isEnabled: boolean }>;
  draft?: WafRuleInput;
}

type UrlFacts = Pick<RequestFacts, 'scheme' | 'host' | 'uri' | 'args'>;

/**
 * Scheme, host, path and query of an `http(s)://` URL, the path as the edge normalises it (the
 * value URI patterns are searched in). Null for anything else.
 */
export function parseTestUrl(text: string): UrlFacts | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1);
  if ((scheme !== 'http' && scheme !== 'https') || !url.hostname) return null;
  return { scheme, host: url.hostname.toLowerCase(), uri: normalizeUri(url.pathname), args: url.search.slice(1) };
}

export type HeaderLines = { ok: true; headers: Record<string, string> } | { ok: false; line: number };

/** `name: value` lines by lower-case name; a repeated header is one value, as the edge joins them. */
export function readHeaderLines(text: string): HeaderLines {
  const headers: Record<string, string> = {};
  for (const { value, line } of splitLines(text)) {
    const parts = splitHeaderLine(value);
    if (!parts || checkHeaderName(parts.name)) return { ok: false, line };
    const name = parts.name.toLowerCase();
    const earlier = headers[name];
    headers[name] = earlier === undefined ? parts.value : `${earlier}${name === 'cookie' ? '; ' : ', '}${parts.value}`;
  }
  return { ok: true, headers };
}

/** An IPv4 or IPv6 address (no network: a request comes from one address). */
export const isClientIp = (text: string): boolean => isIP(text.trim()) !== 0;

/** What only the edge knows, as typed in; blanks are left out (the edge did not know them either). */
function edgeFacts(values: TesterValues): RequestFactsInput {
  const isp = values.isp?.trim();
  return {
    clientIp: values.clientIp.trim(),
    ...(values.country ? { country: values.country } : {}),
    ...(isp ? { isp } : {}),
    ...(values.proxyType ? { proxyType: values.proxyType } : {}),
    ...(typeof values.ratePerSecond === 'number' ? { ratePerSecond: values.ratePerSecond } : {}),
    owasp: values.owasp ?? [],
  };
}

/**
 * The evaluate call for checked values. In raw mode the pasted request gives method, URL and
 * headers, and `request` only the client and the edge's facts. A request made of fields
 * carries its Host header from the URL unless one was typed, as a browser's would.
 */
export function testBody(target: TesterTarget, values: TesterValues, mode: TesterMode): RuleTestBody {
  const { groupName, appProfileName, rules, draft } = target;
  const base: RuleTestBody = {
    groupName,
    ...(appProfileName ? { appProfileName } : {}),
    ...(rules ? { rules } : {}),
    ...(draft ? { draft } : {}),
  };
  if (mode === 'raw') return { ...base, request: edgeFacts(values), raw: values.raw };
  const url = parseTestUrl(values.url);
  const lines = readHeaderLines(values.headers);
  if (!url || !lines.ok) throw new Error('testBody: the form was not checked');
  return {
    ...base,
    request: { method: values.method, ...url, headers: { host: url.host, ...lines.headers }, ...edgeFacts(values) },
  };
}
