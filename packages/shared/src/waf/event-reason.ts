import { EVENT_TEXT_MAX_LENGTH } from '../schemas/event-records.js';
import type { WafEvaluation } from './model.js';
import { parseNetwork } from './network.js';
import { WAF_CONDITION_FIELDS, type WafConditionField } from './vocabulary.js';

/**
 * What an event record says of the firewall (its `rule` and `reason`), the same from the edge
 * (apps/server/edge/lua/parapet/rules.lua, log.lua) and from the simulator, which judge with the
 * shared evaluator; apps/server/test/edge/conformance.test.ts holds the edge to these.
 */

/** The rule an event names: the one whose action decided, else the last log rule that matched. */
export function eventRuleOf(evaluation: WafEvaluation): string {
  return evaluation.outcome.finalRule ?? evaluation.outcome.logged.at(-1) ?? '';
}

/** The field of a period block's reason: the block's length, in seconds. */
export const PERIOD_BLOCK_REASON_FIELD = 'wafBucketTime';

/** The reason of a request refused because its client is inside a period block (action 08). */
export const periodBlockReason = (blockSeconds: number): string => `${PERIOD_BLOCK_REASON_FIELD}: ${blockSeconds}`;

/**
 * The reason of a request the edge refused itself, not a rule: HTTP/1.0 on a line that does not
 * accept it (426; apps/server/edge/lua/parapet/access.lua writes the same text).
 */
export const EVENT_REASON_HTTP10 = 'http10';

/** Between the parts of a reason, and between a part's field and its entry. */
const PART_SEPARATOR = '; ';
const VALUE_SEPARATOR = ': ';

/** A network that holds every address of its family (`0.0.0.0/0`, `::/0`): a rule's default source. */
const holdsEveryAddress = (entry: string): boolean => parseNetwork(entry)?.prefix === 0;

/**
 * Why the named rule matched: its conditions that held, in the vocabulary's order, as `field:
 * entry` (`wafCountry: CN; wafOwasp: 41000_sqli`), or the field alone when no one entry held (an
 * inverted country list). A rule keeps `0.0.0.0/0` as its source unless told otherwise, so that
 * network says nothing of a match and is left out, unless it is all the rule asked.
 */
export function eventReasonOf(evaluation: WafEvaluation): string {
  const name = eventRuleOf(evaluation);
  const trace = name === '' ? undefined : evaluation.rules.find((rule) => rule.ruleName === name);
  if (!trace) return '';
  const held = trace.conditions.filter((condition) => condition.matched);
  const telling = held.filter(
    (condition) =>
      !(condition.field === 'wafIp' && condition.value !== undefined && holdsEveryAddress(condition.value)),
  );
  const reason = (telling.length > 0 ? telling : held)
    .map((condition) =>
      condition.value === undefined ? condition.field : `${condition.field}${VALUE_SEPARATOR}${condition.value}`,
    )
    .join(PART_SEPARATOR);
  return cutToRecord(reason);
}

/**
 * A reason longer than the record takes is cut to it, as the edge's log cuts it, never refused:
 * a rule's patterns may be long, and the record would fail ingest. The cut never splits a
 * surrogate pair, which the record's text refuses alone.
 */
function cutToRecord(reason: string): string {
  if (reason.length <= EVENT_TEXT_MAX_LENGTH) return reason;
  const cut = reason.slice(0, EVENT_TEXT_MAX_LENGTH);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** One part of a reason: a condition that held and its entry, or a period block and its seconds. */
export interface EventReasonPart {
  field: WafConditionField | typeof PERIOD_BLOCK_REASON_FIELD;
  /** Absent for a condition that held by what it does not list (an inverted country list). */
  value?: string;
}

const REASON_FIELDS = new Set<string>([...WAF_CONDITION_FIELDS, PERIOD_BLOCK_REASON_FIELD]);

/**
 * A reason read back into its parts, for the console to show in words; null when it is not one
 * eventReasonOf writes (a record of another sender, EVENT_REASON_HTTP10), which shows as it is.
 * An entry holding the separator itself ("; ") cannot be told apart, and the whole reads as text.
 */
export function parseEventReason(reason: string): EventReasonPart[] | null {
  if (reason === '') return null;
  const parts: EventReasonPart[] = [];
  for (const part of reason.split(PART_SEPARATOR)) {
    const at = part.indexOf(VALUE_SEPARATOR);
    const field = at === -1 ? part : part.slice(0, at);
    if (!REASON_FIELDS.has(field)) return null;
    parts.push(
      at === -1
        ? { field: field as EventReasonPart['field'] }
        : { field: field as EventReasonPart['field'], value: part.slice(at + VALUE_SEPARATOR.length) },
    );
  }
  return parts;
}
