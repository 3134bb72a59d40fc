import { WAF_ENTRY_MAX_LENGTH, type StoredEvent } from '@parapet/shared';
import type { RuleDraft } from '@/lib/rule-draft';

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/;

/**
 * The path as a Request URI entry (a regex per line): exact, its own characters escaped. A
 * path longer than an entry may be (events keep up to EVENT_URI_MAX_LENGTH) becomes its longest
 * prefix that fits, without the closing `$`: still the path's own requests, where the whole path
 * would have made the rule form refuse the draft and open empty.
 */
function pathEntry(uri: string): string {
  const escaped = [...uri].map((char) => (REGEX_SPECIAL.test(char) ? `\\${char}` : char));
  const whole = `^${escaped.join('')}$`;
  if (whole.length <= WAF_ENTRY_MAX_LENGTH) return whole;
  let prefix = '^';
  // Whole escaped characters only: cutting `\.` after its backslash would escape nothing.
  for (const piece of escaped) {
    if (prefix.length + piece.length > WAF_ENTRY_MAX_LENGTH) break;
    prefix += piece;
  }
  return prefix;
}

/**
 * A rule drafted from one event: its client address as the Source IP, and its path as a Request
 * URI entry (pathEntry). The country is left out: the address already pins it. The action stays
 * the form's default for the user to choose; `description` names the event.
 */
export function ruleDraftOf(event: StoredEvent, description: string): RuleDraft {
  const path = event.uri && event.uri !== '/' ? [pathEntry(event.uri)] : [];
  return { wafIp: [event.client_ip], wafUri: path, description };
}
