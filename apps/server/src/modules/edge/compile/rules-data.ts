import {
  isTerminatingAction,
  parseNetwork,
  parseRate,
  redirectLocationParts,
  splitHeaderLine,
  WAF_CLIENT_IP_VARIABLE,
  type WafRuleSettings,
} from '@parapet/shared';

/**
 * A firewall rule as the edge's Lua reads it (apps/server/edge/lua/parapet/rules.lua): the same
 * fields the shared evaluator compiles (packages/shared/src/waf/conditions.ts), read once here so
 * the edge only compares. A field that is not set is left out, as the evaluator does: an empty
 * list is no condition, not a condition that never holds.
 */
export interface EdgeNetwork {
  v: 4 | 6;
  /** The network's bytes (masked) in hex, `bits` of them significant. */
  hex: string;
  bits: number;
  entry: string;
}

export interface EdgeHeaderMatch {
  name: string;
  re: string;
  entry: string;
}

export interface EdgeRule {
  name: string;
  enabled: boolean;
  action: string;
  terminating: boolean;
  when: {
    ip?: EdgeNetwork[];
    uri?: string[];
    country?: string[];
    countryInvert?: boolean;
    /** Each ISP in lower case, as the edge compares it, and as the rule names it, for the reason. */
    isp?: Array<{ lower: string; entry: string }>;
    headers?: EdgeHeaderMatch[];
    rate?: { requests: number; seconds: number; entry: string };
    methods?: string[];
    owasp?: string[];
    proxy?: string[];
  };
  unless: {
    ip?: EdgeNetwork[];
    uri?: string[];
    headers?: EdgeHeaderMatch[];
    headersPresent?: string[];
  };
  /** The page a deny, block or page action serves, by the page's id. */
  page?: string | null;
  redirect?: { code: number; url: string; keepHost: boolean };
  blockSeconds?: number;
  /** Bytes a second (the rule says KB/s). */
  speedBytes?: number;
  /** The upstream name of the origin policy an action 13 sends the request to. */
  upstream?: string | null;
  setHeaders?: Array<{ name: string; value: string }>;
  /** Where `$rip` sits in a set header's value, so the edge puts the client address there. */
  clientIpVariable?: string;
}

/** What the rule's published record holds beyond its settings: its page and policy by id. */
export interface PublishedRule extends WafRuleSettings {
  id: string;
  name: string;
  htmlPageId: string | null;
  originPolicyId: string | null;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function networks(entries: readonly string[]): EdgeNetwork[] {
  return entries.flatMap((entry) => {
    const network = parseNetwork(entry);
    return network ? [{ v: network.version, hex: hex(network.bytes), bits: network.prefix, entry }] : [];
  });
}

function headerMatches(entries: readonly string[]): EdgeHeaderMatch[] {
  return entries.flatMap((entry) => {
    const parts = splitHeaderLine(entry);
    return parts ? [{ name: parts.name.toLowerCase(), re: parts.value, entry }] : [];
  });
}

/** The upstream block a policy compiles to (upstreams.ts names it the same way). */
export const policyUpstream = (policyId: string) => `p_${policyId.replace(/[^A-Za-z0-9_]/g, '_')}`;

export function compileRuleData(rule: PublishedRule, isEnabled: boolean): EdgeRule {
  const when: EdgeRule['when'] = {};
  if (rule.wafIp.length) when.ip = networks(rule.wafIp);
  if (rule.wafUri.length) when.uri = [...rule.wafUri];
  if (rule.wafCountry.length) {
    when.country = rule.wafCountry.map((c) => c.toUpperCase());
    when.countryInvert = rule.wafCountryInvert;
  }
  if (rule.wafIsp.length) when.isp = rule.wafIsp.map((entry) => ({ lower: entry.toLowerCase(), entry }));
  if (rule.wafHeaders.length) when.headers = headerMatches(rule.wafHeaders);
  if (rule.wafRate.length) {
    const rate = parseRate(rule.wafRate);
    // A rate the schema would refuse never holds, as in the evaluator.
    when.rate = rate ? { ...rate, entry: rule.wafRate } : { requests: Number.MAX_SAFE_INTEGER, seconds: 1, entry: '' };
  }
  if (rule.wafHttpMethod.length) when.methods = rule.wafHttpMethod.map((m) => m.toUpperCase());
  if (rule.wafOwasp.length) when.owasp = [...rule.wafOwasp];
  if (rule.wafProxyType.length) when.proxy = [...rule.wafProxyType];

  const unless: EdgeRule['unless'] = {};
  if (rule.wafIpExclude.length) unless.ip = networks(rule.wafIpExclude);
  if (rule.wafUriExclude.length) unless.uri = [...rule.wafUriExclude];
  if (rule.wafHeadersExclude.length) unless.headers = headerMatches(rule.wafHeadersExclude);
  if (rule.wafHeadersNotExist.length) unless.headersPresent = rule.wafHeadersNotExist.map((n) => n.toLowerCase());

  const out: EdgeRule = {
    name: rule.name,
    enabled: isEnabled,
    action: rule.wafAction,
    terminating: isTerminatingAction(rule.wafAction),
    when,
    unless,
  };
  switch (rule.wafAction) {
    case '01':
      out.page = rule.htmlPageId;
      break;
    case '05':
      out.speedBytes = rule.wafSpeedLimit * 1024;
      break;
    case '06':
      out.redirect = { code: rule.wafRedirectHttpCode, ...redirectLocationParts(rule.wafRedirectUrl) };
      break;
    case '08':
      out.page = rule.htmlPageId;
      out.blockSeconds = rule.wafBucketTime;
      break;
    case '09':
    case '10': {
      const lines = rule.wafAction === '09' ? rule.wafSetReqHeaders : rule.wafSetResHeaders;
      out.setHeaders = lines.flatMap((line) => {
        const parts = splitHeaderLine(line);
        return parts ? [parts] : [];
      });
      out.clientIpVariable = WAF_CLIENT_IP_VARIABLE;
      break;
    }
    case '12':
      out.page = rule.htmlPageId;
      break;
    case '13':
      out.upstream = rule.originPolicyId ? policyUpstream(rule.originPolicyId) : null;
      break;
  }
  return out;
}
