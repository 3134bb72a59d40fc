import {
  EVENT_ACTION_VALUES,
  EVENT_REQ_ID_MAX_LENGTH,
  GROUP_QUERY_PARAM,
  TIME_RANGE_CUSTOM_INDEX,
  eventFiltersSchema,
  eventSearchTextSchema,
  type DateRange,
  type EventActionValue,
  type EventFilter,
} from '@parapet/shared';
import { PATHS } from './paths';
import { VIEW_PARAMS, readFiltersParam, readRangeParam, writeRangeAndFilters } from './view-link';

/**
 * What the event log shows, in its address: the time range, the filters, the Action select and
 * the search. The page keeps its address in step with what it shows, so a reload keeps the view
 * and a copied address opens the same events for whoever may read them; the dashboard opens the
 * log this way on the events a tab counts, and its activity log on one event.
 */
export interface EventLogView {
  range: DateRange;
  filters: EventFilter[];
  actions: EventActionValue[];
  /** A req_id, or with `deep` text in the path, query string or headers. */
  search: { text: string; deep: boolean };
}

/** The query parameters, one per part; `groupName` is the console's own (spec §2). */
export const EVENT_LOG_PARAMS = {
  ...VIEW_PARAMS,
  action: 'action',
  /** A req_id, or with `deep=1` the text Deep Search looks for. */
  search: 'search',
  deep: 'deep',
} as const;

/** A part of a link the page could not use (said to the user, then left out). */
export type EventLogLinkPart = 'range' | 'filters' | 'actions' | 'search';
export const EVENT_LOG_LINK_PARTS: readonly EventLogLinkPart[] = ['range', 'filters', 'actions', 'search'];

const OWN_PARAMS: readonly string[] = Object.values(EVENT_LOG_PARAMS);

function readActions(raw: string[]): EventActionValue[] | undefined {
  const known = raw.filter((value): value is EventActionValue =>
    (EVENT_ACTION_VALUES as readonly string[]).includes(value),
  );
  return known.length === raw.length ? [...new Set(known)] : undefined;
}

function readSearch(params: URLSearchParams): EventLogView['search'] | undefined {
  const raw = params.get(EVENT_LOG_PARAMS.search);
  const deepRaw = params.get(EVENT_LOG_PARAMS.deep);
  if (deepRaw !== null && deepRaw !== '1') return undefined;
  const deep = deepRaw === '1';
  // Deep Search ticked with nothing typed yet is a view of its own: the box stays ticked.
  if (raw === null) return { text: '', deep };
  const text = raw.trim();
  const fits = deep
    ? eventSearchTextSchema.safeParse(text).success
    : text.length > 0 && text.length <= EVENT_REQ_ID_MAX_LENGTH;
  return fits ? { text, deep } : undefined;
}

/**
 * The view a link asks for: each part it names and the page can use, and the parts it named
 * that cannot be (a custom range now older than the picker allows, a filter on an unknown
 * field, ...). A refused part is left out whole, never half applied.
 */
export function readEventLogLink(params: URLSearchParams): {
  view: Partial<EventLogView>;
  refused: EventLogLinkPart[];
} {
  const view: Partial<EventLogView> = {};
  const refused: EventLogLinkPart[] = [];
  const take = <K extends keyof EventLogView>(part: EventLogLinkPart, key: K, value: EventLogView[K] | undefined) => {
    if (value === undefined) refused.push(part);
    else view[key] = value;
  };
  if (params.has(EVENT_LOG_PARAMS.range)) take('range', 'range', readRangeParam(params));
  const filters = params.get(EVENT_LOG_PARAMS.filters);
  if (filters !== null) take('filters', 'filters', readFiltersParam(filters, eventFiltersSchema));
  if (params.has(EVENT_LOG_PARAMS.action))
    take('actions', 'actions', readActions(params.getAll(EVENT_LOG_PARAMS.action)));
  if (params.has(EVENT_LOG_PARAMS.search) || params.has(EVENT_LOG_PARAMS.deep))
    take('search', 'search', readSearch(params));
  return { view, refused };
}

/**
 * `base` with the view written over the event log's own parameters (others, such as the group,
 * are kept). A part at its default is left out, so the log's plain address stays plain.
 */
export function writeEventLogParams(view: Partial<EventLogView>, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of OWN_PARAMS) next.delete(name);
  const { actions, search } = view;
  writeRangeAndFilters(next, view);
  for (const action of actions ?? []) next.append(EVENT_LOG_PARAMS.action, action);
  if (search && search.text !== '') next.set(EVENT_LOG_PARAMS.search, search.text);
  if (search?.deep) next.set(EVENT_LOG_PARAMS.deep, '1');
  return next;
}

/** The event log of one group showing `view`. */
export function eventLogHref(groupName: string, view: Partial<EventLogView>): string {
  const params = writeEventLogParams(view, new URLSearchParams({ [GROUP_QUERY_PARAM]: groupName }));
  return `${PATHS.eventLogs}?${params.toString()}`;
}

const MINUTE_MS = 60_000;

/** The whole minute that holds an instant, as a custom range: where a link to one event looks. */
export function minuteAround(timestamp: number): DateRange {
  const from = timestamp - (timestamp % MINUTE_MS);
  return { index: TIME_RANGE_CUSTOM_INDEX, from, to: from + MINUTE_MS };
}
