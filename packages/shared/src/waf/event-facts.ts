import type { StoredEvent } from '../schemas/event-records.js';
import type { WafRuleSettings } from '../schemas/waf-rules.js';
import type { RequestFacts } from './model.js';
import type { WafConditionField } from './vocabulary.js';

/**
 * A stored request event read back as the facts the evaluator judges, for the rule dry run
 * (issue 13 item 6; docs/waf-rules.md "Dry run"). The record keeps most of what the edge knew:
 * address, country, ISP and proxy type as the edge's databases gave them, the method, the
 * normalised path (`$uri`), the query and the headers. What it does not keep is named here, so
 * the dry run can say which parts of a rule it could not judge.
 */

/**
 * Conditions no stored event can decide: the client's request rate is live state of the edge
 * at the moment of the request, and the record carries no CRS (OWASP) flags.
 */
export const WAF_EVENT_UNJUDGED_CONDITIONS = ['wafRate', 'wafOwasp'] as const satisfies readonly WafConditionField[];

/**
 * What a dry run leaves out: the conditions above, and the actions' effects on the client's
 * later requests (deny-then-block, the period block), which counting past requests cannot show.
 */
export const WAF_DRY_RUN_UNJUDGED_FIELDS = [
  ...WAF_EVENT_UNJUDGED_CONDITIONS,
  'wafIsDenyThenBucket',
  'wafBucketTime',
] as const;
export type WafDryRunUnjudgedField = (typeof WAF_DRY_RUN_UNJUDGED_FIELDS)[number];

/**
 * The fields of a stored event the facts are read from: all a store reads back for a dry run's
 * sample (EventStore.sample), whose cost is mostly reading columns.
 */
export const EVENT_FACTS_FIELDS = [
  'method',
  'scheme',
  'host',
  'uri',
  'args',
  'req_headers',
  'user_agent',
  'client_ip',
  'country',
  'isp',
  'proxy_type',
] as const satisfies readonly (keyof StoredEvent)[];
export type EventFactsSource = Pick<StoredEvent, (typeof EVENT_FACTS_FIELDS)[number]>;

/**
 * The facts of a stored request. Host and User-Agent have columns of their own and a record may
 * leave them out of `req_headers`; a header rule on them sees the column's value then. The
 * record's `uri` is the edge's `$uri`, already normalised, so it is taken as it is (decoding it
 * again would turn an escaped `%` into another character). Empty text means unknown.
 */
export function eventFacts(event: EventFactsSource): RequestFacts {
  const headers: Record<string, string> = { ...event.req_headers };
  if (headers['host'] === undefined && event.host !== '') headers['host'] = event.host;
  if (headers['user-agent'] === undefined && event.user_agent !== '') headers['user-agent'] = event.user_agent;
  return {
    method: event.method,
    scheme: event.scheme,
    host: event.host,
    uri: event.uri,
    args: event.args,
    headers,
    clientIp: event.client_ip,
    ...(event.country === '' ? {} : { country: event.country }),
    ...(event.isp === '' ? {} : { isp: event.isp }),
    ...(event.proxy_type === '' ? {} : { proxyType: event.proxy_type }),
    owasp: [],
  };
}

/** The parts of a rule a dry run over stored events cannot judge, in WAF_DRY_RUN_UNJUDGED_FIELDS order. */
export function dryRunUnjudged(rule: WafRuleSettings): WafDryRunUnjudgedField[] {
  const set: Record<WafDryRunUnjudgedField, boolean> = {
    wafRate: rule.wafRate !== '',
    wafOwasp: rule.wafOwasp.length > 0,
    wafIsDenyThenBucket: rule.wafAction === '01' && rule.wafIsDenyThenBucket,
    // A period block always follows the rate being passed; the requests it then refuses are later ones.
    wafBucketTime: rule.wafAction === '08',
  };
  return WAF_DRY_RUN_UNJUDGED_FIELDS.filter((field) => set[field]);
}

/**
 * The rule with the conditions no stored event can decide left out, so the count is of requests
 * meeting every other condition: the most the rule could have matched. Kept in, they could
 * never hold (no rate, no flags are known) and every such rule would read 0.
 */
export function judgeableRule<T extends WafRuleSettings>(rule: T): T {
  return { ...rule, wafRate: '', wafOwasp: [] };
}
