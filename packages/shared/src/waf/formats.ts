import { isForbiddenHeader } from './vocabulary.js';
import { networkKey, parseNetwork } from './network.js';

/**
 * The formats of a rule's list fields, one entry a line (spec §5 Formats; GLOSSARY §5). Each
 * check answers a field code or null; the zod schema and the form's text areas both use them,
 * so a bad line gets the same words in the browser and from the API.
 */

export const WAF_FIELD_CODES = [
  'invalid_network',
  'invalid_regex',
  'invalid_header',
  'invalid_header_name',
  'forbidden_header',
  'quotes_forbidden',
  'invalid_country',
  'invalid_isp',
  'invalid_rate',
  'invalid_redirect_url',
  'condition_required',
  'action_not_in_plan',
  'over_quota',
  'deploying',
  'invalid_raw_request',
] as const;
export type WafFieldCode = (typeof WAF_FIELD_CODES)[number] | 'duplicate_entry' | 'required' | 'too_big';

/** Bounds of a list field and of one of its lines. */
export const WAF_LIST_MAX_ENTRIES = 500;
export const WAF_ENTRY_MAX_LENGTH = 1000;
/** Bounds of `requests/seconds` (a rate over them is refused, never clamped). */
export const WAF_RATE_MAX_REQUESTS = 1_000_000;
export const WAF_RATE_MAX_SECONDS = 3600;
export const WAF_REDIRECT_URL_MAX_LENGTH = 2048;
/** The start of a redirect URL that keeps the visitor's host: `{host}/maintenance`. */
export const WAF_REDIRECT_HOST_TOKEN = '{host}';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function checkNetwork(value: string): WafFieldCode | null {
  return parseNetwork(value) ? null : 'invalid_network';
}

/** A regular expression as JavaScript compiles it (the edge's PCRE reads the same common syntax). */
export function checkRegex(value: string): WafFieldCode | null {
  if (value.length === 0) return 'invalid_regex';
  try {
    new RegExp(value);
    return null;
  } catch {
    return 'invalid_regex';
  }
}

/** Splits `name:value` at the first colon; the value's leading spaces are not part of it. */
export function splitHeaderLine(value: string): { name: string; value: string } | null {
  const colon = value.indexOf(':');
  if (colon <= 0) return null;
  return { name: value.slice(0, colon).trim(), value: value.slice(colon + 1).trimStart() };
}

/** `name:regex`, a header to match (wafHeaders, wafHeadersExclude). */
export function checkHeaderMatch(value: string): WafFieldCode | null {
  const parts = splitHeaderLine(value);
  if (!parts || !HEADER_NAME.test(parts.name)) return 'invalid_header';
  return checkRegex(parts.value);
}

export function checkHeaderName(value: string): WafFieldCode | null {
  return HEADER_NAME.test(value) ? null : 'invalid_header_name';
}

/** `name:value` of a header a rule sets; quotes are refused, and so are the headers of GLOSSARY §5.1. */
export function checkSetHeader(direction: 'request' | 'response', value: string): WafFieldCode | null {
  const parts = splitHeaderLine(value);
  if (!parts || !HEADER_NAME.test(parts.name) || parts.value.trim() === '') return 'invalid_header';
  if (/["']/.test(value)) return 'quotes_forbidden';
  if (isForbiddenHeader(direction, parts.name)) return 'forbidden_header';
  return null;
}

export function checkCountry(value: string): WafFieldCode | null {
  return /^[A-Z]{2}$/.test(value) ? null : 'invalid_country';
}

export function checkIsp(value: string): WafFieldCode | null {
  return value.trim().length > 0 && !/[\r\n\t]/.test(value) ? null : 'invalid_isp';
}

/** `requests/seconds` (wafRate `200/1`) or `n/n` (wafDenyThenBucketRate `1/1`), both positive integers. */
export function parseRate(value: string): { requests: number; seconds: number } | null {
  const hit = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value.trim());
  if (!hit) return null;
  const requests = Number(hit[1]);
  const seconds = Number(hit[2]);
  if (requests > WAF_RATE_MAX_REQUESTS || seconds > WAF_RATE_MAX_SECONDS) return null;
  return { requests, seconds };
}

export function checkRate(value: string): WafFieldCode | null {
  return parseRate(value) ? null : 'invalid_rate';
}

/** Starts with `http://`, `https://` or `{host}`, and holds no space or quote. */
export function checkRedirectUrl(value: string): WafFieldCode | null {
  const starts = ['http://', 'https://', WAF_REDIRECT_HOST_TOKEN].some((p) => value.toLowerCase().startsWith(p));
  const bare = ['http://', 'https://', WAF_REDIRECT_HOST_TOKEN].includes(value.toLowerCase());
  if (!starts || bare || /[\s"'<>]/.test(value) || value.length > WAF_REDIRECT_URL_MAX_LENGTH)
    return 'invalid_redirect_url';
  return null;
}

/** The list fields of a rule and the check of each line. */
export const WAF_LINE_CHECKS = {
  wafIp: checkNetwork,
  wafIpExclude: checkNetwork,
  wafUri: checkRegex,
  wafUriExclude: checkRegex,
  wafHeaders: checkHeaderMatch,
  wafHeadersExclude: checkHeaderMatch,
  wafHeadersNotExist: checkHeaderName,
  wafCountry: checkCountry,
  wafIsp: checkIsp,
  wafSetReqHeaders: (value: string) => checkSetHeader('request', value),
  wafSetResHeaders: (value: string) => checkSetHeader('response', value),
} as const satisfies Record<string, (value: string) => WafFieldCode | null>;
export type WafLineField = keyof typeof WAF_LINE_CHECKS;

/** What makes two lines the same entry (a duplicate): networks by their network part, header names by case. */
function sameKey(field: WafLineField, value: string): string {
  if (field === 'wafIp' || field === 'wafIpExclude') {
    const network = parseNetwork(value);
    return network ? networkKey(network) : value;
  }
  if (field === 'wafHeadersNotExist' || field === 'wafIsp') return value.toLowerCase();
  if (field.startsWith('wafSet')) return (splitHeaderLine(value)?.name ?? value).toLowerCase();
  return value;
}

/**
 * The problems of a list, by index: each bad line's code, and a repeated entry (the later one)
 * as `duplicate_entry`.
 */
export function listProblems(
  field: WafLineField,
  values: readonly string[],
): Array<{ index: number; code: WafFieldCode }> {
  const check = WAF_LINE_CHECKS[field];
  const seen = new Set<string>();
  const out: Array<{ index: number; code: WafFieldCode }> = [];
  values.forEach((value, index) => {
    if (value.length > WAF_ENTRY_MAX_LENGTH) {
      out.push({ index, code: 'too_big' });
      return;
    }
    const code = check(value);
    if (code) {
      out.push({ index, code });
      return;
    }
    const key = sameKey(field, value);
    if (seen.has(key)) out.push({ index, code: 'duplicate_entry' });
    seen.add(key);
  });
  return out;
}

/**
 * The lines of a text area as entries with their line numbers (from 1): each trimmed, blank
 * ones skipped but counted, so an API error at index i is shown at `line` of entry i.
 */
export function splitLines(text: string): Array<{ value: string; line: number }> {
  return text
    .split(/\r?\n/)
    .map((value, i) => ({ value: value.trim(), line: i + 1 }))
    .filter((entry) => entry.value !== '');
}
