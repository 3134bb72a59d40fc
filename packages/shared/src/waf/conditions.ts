import type { RequestFacts } from './model.js';
import { clientAddress, networkHolds, parseNetwork, type Network } from './network.js';
import { parseRate, splitHeaderLine } from './formats.js';
import {
  WAF_EDGE_JUDGED_CONDITIONS,
  type WafConditionField,
  type WafExclusionField,
  type WafOwaspCategory,
} from './vocabulary.js';
import type { WafRuleSettings } from '../schemas/waf-rules.js';

/**
 * The conditions and exclusions of a rule, compiled once (networks parsed, patterns built) so
 * that judging a request is only comparisons: the traffic simulator runs the evaluator over
 * millions of events. docs/waf-rules.md gives the table of what each one means.
 */

/** The facts of one request, read once for every rule of a line. */
export interface RequestContext {
  facts: RequestFacts;
  /** The client address, an IPv4-mapped IPv6 address taken as its IPv4; null when unreadable. */
  address: { version: 4 | 6; bytes: Uint8Array } | null;
  method: string;
  /** Upper case; undefined when unknown. */
  country: string | undefined;
  /** Lower case; undefined when unknown. */
  isp: string | undefined;
  /** By lower-case name. */
  headers: Readonly<Record<string, string>>;
}

export function requestContext(facts: RequestFacts): RequestContext {
  return {
    facts,
    address: clientAddress(facts.clientIp),
    method: facts.method.toUpperCase(),
    country: facts.country ? facts.country.toUpperCase() : undefined,
    isp: facts.isp ? facts.isp.toLowerCase() : undefined,
    headers: lowerCaseHeaders(facts.headers),
  };
}

/** The facts' headers are by lower-case name; a caller that typed them otherwise still gets them found. */
function lowerCaseHeaders(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const names = Object.keys(headers);
  if (names.every((name) => name === name.toLowerCase())) return headers;
  const out: Record<string, string> = {};
  for (const name of names) {
    const lower = name.toLowerCase();
    const value = headers[name] ?? '';
    out[lower] = out[lower] === undefined ? value : `${out[lower]}, ${value}`;
  }
  return out;
}

/** A condition or exclusion that holds: the entry that made it hold, when there is one. */
export interface Hit {
  value?: string;
}
const HELD: Hit = {};
export type Test = (ctx: RequestContext) => Hit | null;

export interface CompiledCondition {
  field: WafConditionField;
  edgeJudged: boolean;
  test: Test;
}
export interface CompiledExclusion {
  field: WafExclusionField;
  test: Test;
}

/** A pattern as the writer wrote it: a search, no flags. One the schema would refuse never holds. */
function compilePattern(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

function networksTest(entries: readonly string[]): Test {
  const networks = entries
    .map((entry) => ({ entry, network: parseNetwork(entry) }))
    .filter((n): n is { entry: string; network: Network } => n.network !== null);
  return (ctx) => {
    if (!ctx.address) return null;
    for (const { entry, network } of networks) if (networkHolds(network, ctx.address)) return { value: entry };
    return null;
  };
}

function uriTest(entries: readonly string[]): Test {
  const patterns = entries.flatMap((entry) => {
    const pattern = compilePattern(entry);
    return pattern ? [{ entry, pattern }] : [];
  });
  return (ctx) => {
    for (const { entry, pattern } of patterns) if (pattern.test(ctx.facts.uri)) return { value: entry };
    return null;
  };
}

/** `name:regex` lines: the header is present and the pattern is found in its value. */
function headersTest(entries: readonly string[]): Test {
  const lines = entries.flatMap((entry) => {
    const parts = splitHeaderLine(entry);
    const pattern = parts ? compilePattern(parts.value) : null;
    return parts && pattern ? [{ entry, name: parts.name.toLowerCase(), pattern }] : [];
  });
  return (ctx) => {
    for (const { entry, name, pattern } of lines) {
      const value = ctx.headers[name];
      if (value !== undefined && pattern.test(value)) return { value: entry };
    }
    return null;
  };
}

/** Header names that must be absent: holds (spares the request) when one of them is present. */
function headerPresentTest(entries: readonly string[]): Test {
  const names = entries.map((entry) => ({ entry, name: entry.toLowerCase() }));
  return (ctx) => {
    for (const { entry, name } of names) if (ctx.headers[name] !== undefined) return { value: entry };
    return null;
  };
}

function countryTest(entries: readonly string[], invert: boolean): Test {
  const listed = new Set(entries.map((entry) => entry.toUpperCase()));
  if (invert)
    // An unknown country is not listed, so "every country except" takes it in.
    return (ctx) => (ctx.country !== undefined && listed.has(ctx.country) ? null : HELD);
  return (ctx) => (ctx.country !== undefined && listed.has(ctx.country) ? { value: ctx.country } : null);
}

function ispTest(entries: readonly string[]): Test {
  const byLower = new Map(entries.map((entry) => [entry.toLowerCase(), entry]));
  return (ctx) => {
    const entry = ctx.isp === undefined ? undefined : byLower.get(ctx.isp);
    return entry === undefined ? null : { value: entry };
  };
}

/** `n/s` holds when the client's count over the window exceeds n; no rate known counts as none. */
function rateTest(rate: string): Test {
  const parsed = parseRate(rate);
  return (ctx) =>
    parsed && (ctx.facts.ratePerSecond ?? 0) * parsed.seconds > parsed.requests ? { value: rate } : null;
}

function methodTest(entries: readonly string[]): Test {
  const listed = new Set(entries.map((entry) => entry.toUpperCase()));
  return (ctx) => (listed.has(ctx.method) ? { value: ctx.method } : null);
}

function owaspTest(entries: readonly WafOwaspCategory[]): Test {
  return (ctx) => {
    for (const entry of entries) if (ctx.facts.owasp.includes(entry)) return { value: entry };
    return null;
  };
}

function proxyTest(entries: readonly string[]): Test {
  const listed = new Set(entries);
  return (ctx) =>
    ctx.facts.proxyType !== undefined && listed.has(ctx.facts.proxyType) ? { value: ctx.facts.proxyType } : null;
}

function conditionTest(rule: WafRuleSettings, field: WafConditionField): Test {
  switch (field) {
    case 'wafIp':
      return networksTest(rule.wafIp);
    case 'wafUri':
      return uriTest(rule.wafUri);
    case 'wafCountry':
      return countryTest(rule.wafCountry, rule.wafCountryInvert);
    case 'wafIsp':
      return ispTest(rule.wafIsp);
    case 'wafHeaders':
      return headersTest(rule.wafHeaders);
    case 'wafRate':
      return rateTest(rule.wafRate);
    case 'wafHttpMethod':
      return methodTest(rule.wafHttpMethod);
    case 'wafOwasp':
      return owaspTest(rule.wafOwasp);
    case 'wafProxyType':
      return proxyTest(rule.wafProxyType);
  }
}

function exclusionTest(rule: WafRuleSettings, field: WafExclusionField): Test {
  switch (field) {
    case 'wafIpExclude':
      return networksTest(rule.wafIpExclude);
    case 'wafUriExclude':
      return uriTest(rule.wafUriExclude);
    case 'wafHeadersExclude':
      return headersTest(rule.wafHeadersExclude);
    case 'wafHeadersNotExist':
      return headerPresentTest(rule.wafHeadersNotExist);
  }
}

const isSet = (value: string | readonly string[]): boolean => value.length > 0;

/** The rule's set conditions, in the vocabulary's order; a field that is not set is not a condition. */
export function compileConditions(rule: WafRuleSettings, fields: readonly WafConditionField[]): CompiledCondition[] {
  return fields
    .filter((field) => isSet(rule[field]))
    .map((field) => ({
      field,
      edgeJudged: (WAF_EDGE_JUDGED_CONDITIONS as readonly WafConditionField[]).includes(field),
      test: conditionTest(rule, field),
    }));
}

/** The rule's set exclusions, in the order they are checked. */
export function compileExclusions(rule: WafRuleSettings, fields: readonly WafExclusionField[]): CompiledExclusion[] {
  return fields.filter((field) => isSet(rule[field])).map((field) => ({ field, test: exclusionTest(rule, field) }));
}
