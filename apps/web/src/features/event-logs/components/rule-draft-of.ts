import type { StoredEvent } from '@parapet/shared';
import type { RuleDraft } from '@/lib/rule-draft';

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/g;

/**
 * A rule drafted from one event: its client address as the Source IP, and its path as an exact
 * Request URI (the URI field is a regex per line, so the path's own characters are escaped).
 * The country is left out: the address already pins it. The action stays the form's default for
 * the user to choose; `description` names the event.
 */
export function ruleDraftOf(event: StoredEvent, description: string): RuleDraft {
  const path = event.uri && event.uri !== '/' ? [`^${event.uri.replace(REGEX_SPECIAL, '\\$&')}$`] : [];
  return { wafIp: [event.client_ip], wafUri: path, description };
}
