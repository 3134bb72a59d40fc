import type { WafOutcome } from './model.js';
import { WAF_REDIRECT_HOST_TOKEN, splitHeaderLine } from './formats.js';
import { isTerminatingAction } from './vocabulary.js';
import type { WafRuleSettings } from '../schemas/waf-rules.js';
import type { WafActionCode } from '../plans.js';

/**
 * What a matched rule's action does to the outcome (docs/waf-rules.md, the action table): a
 * terminating action decides what the visitor gets; log and the header actions are collected and
 * evaluation goes on.
 */

/** The statuses the visitor sees; a pass shows 200 for the origin's own answer. */
export const WAF_STATUS = { pass: 200, page: 200, refused: 403 } as const;

/** The variable a set header's value may hold: the client's address. */
export const WAF_CLIENT_IP_VARIABLE = '$rip';

interface HeaderToSet {
  name: string;
  value: string;
}

/** A rule's action with its fields read once. */
export interface CompiledAction {
  code: WafActionCode;
  terminating: boolean;
  rule: WafRuleSettings;
  setHeaders: HeaderToSet[];
}

export function compileAction(rule: WafRuleSettings): CompiledAction {
  const lines = rule.wafAction === '09' ? rule.wafSetReqHeaders : rule.wafAction === '10' ? rule.wafSetResHeaders : [];
  return {
    code: rule.wafAction,
    terminating: isTerminatingAction(rule.wafAction),
    rule,
    setHeaders: lines.flatMap((line) => {
      const parts = splitHeaderLine(line);
      return parts ? [parts] : [];
    }),
  };
}

/** The outcome while rules are judged: a pass until a terminating action says otherwise. */
export function passOutcome(): WafOutcome {
  return {
    kind: 'pass',
    status: WAF_STATUS.pass,
    requestHeaders: [],
    responseHeaders: [],
    logged: [],
    finalRule: null,
    finalAction: null,
  };
}

/** A later rule's value for a header replaces the earlier one in its place (names compared in any case). */
function setHeader(headers: HeaderToSet[], header: HeaderToSet): void {
  const lower = header.name.toLowerCase();
  const index = headers.findIndex((h) => h.name.toLowerCase() === lower);
  if (index === -1) headers.push(header);
  else headers[index] = header;
}

/**
 * A redirect target split for whoever builds the location: `{host}/maintenance` keeps the
 * visitor on the host they asked for, under the scheme they used (the edge fills those in).
 */
export function redirectLocationParts(url: string): { url: string; keepHost: boolean } {
  return url.toLowerCase().startsWith(WAF_REDIRECT_HOST_TOKEN)
    ? { url: url.slice(WAF_REDIRECT_HOST_TOKEN.length), keepHost: true }
    : { url, keepHost: false };
}

export function redirectLocation(url: string, scheme: string, host: string): string {
  const parts = redirectLocationParts(url);
  return parts.keepHost ? `${scheme}://${host}${parts.url}` : parts.url;
}

type Decision = Pick<WafOutcome, 'kind' | 'status'> &
  Partial<Pick<WafOutcome, 'page' | 'location' | 'blockSeconds' | 'speedLimit' | 'originPolicy'>>;

/** What a terminating action gives the visitor. */
function decision(action: CompiledAction, request: RequestSide): Decision {
  const { rule } = action;
  switch (action.code) {
    case '01':
      return { kind: 'deny', status: WAF_STATUS.refused, page: rule.wafDenyHtmlPageName };
    case '03':
    case '07':
    case '14':
      // A challenge page; the visitor passes once they solve it, which the console cannot do.
      return { kind: 'challenge', status: WAF_STATUS.refused };
    case '05':
      return { kind: 'pass', status: WAF_STATUS.pass, speedLimit: rule.wafSpeedLimit };
    case '06':
      return {
        kind: 'redirect',
        status: rule.wafRedirectHttpCode,
        location: redirectLocation(rule.wafRedirectUrl, request.scheme, request.host),
      };
    case '08':
      return {
        kind: 'block',
        status: WAF_STATUS.refused,
        page: rule.wafDenyHtmlPageName,
        blockSeconds: rule.wafBucketTime,
      };
    case '12':
      return { kind: 'page', status: WAF_STATUS.page, page: rule.wafCustomHtmlPageName };
    case '13':
      return { kind: 'pass', status: WAF_STATUS.pass, originPolicy: rule.wafOriginPolicyName };
    default:
      // Allow (00) and log only (11) let the request through unchanged.
      return { kind: 'pass', status: WAF_STATUS.pass };
  }
}

/** What an action reads of the request: the client IP for `$rip`, the scheme and host for `{host}`. */
export interface RequestSide {
  clientIp: string;
  scheme: string;
  host: string;
}

/** Applies a matched rule's action to the outcome; answers whether evaluation ends here. */
export function applyAction(
  action: CompiledAction,
  ruleName: string,
  request: RequestSide,
  outcome: WafOutcome,
): boolean {
  if (action.code === '04') {
    outcome.logged.push(ruleName);
    return false;
  }
  if (action.code === '09' || action.code === '10') {
    const headers = action.code === '09' ? outcome.requestHeaders : outcome.responseHeaders;
    for (const { name, value } of action.setHeaders)
      setHeader(headers, { name, value: value.replaceAll(WAF_CLIENT_IP_VARIABLE, request.clientIp) });
    return false;
  }
  Object.assign(outcome, decision(action, request));
  outcome.finalRule = ruleName;
  outcome.finalAction = action.code;
  outcome.logged.push(ruleName);
  return true;
}
