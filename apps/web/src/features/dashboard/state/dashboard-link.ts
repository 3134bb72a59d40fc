import {
  DATE_RANGE_DEFAULT_INDEX,
  dashboardFilterOptionsSchema,
  type DashboardFilterOptions,
  type DateRange,
  type EventFilter,
} from '@parapet/shared';
import { VIEW_PARAMS, readFiltersParam, readRangeParam, writeRangeAndFilters } from '@/lib/view-link';
import { DASHBOARD_FILTER_FIELDS } from '../filter-fields';
import { readDashboardOptions } from './dashboard-options';

/**
 * The dashboard's view in its address: the time range and the filters, the two choices that
 * decide which events every tab counts, written as the event log writes them (lib/view-link.ts).
 * A copied address then shows a colleague the same figures. Chart options and the source list's
 * size are how the user likes to read them, and stay theirs.
 *
 * An address without either part is the plain dashboard (the menu's link, a first sign-in): it
 * shows what the user chose last. An address with one shows what it names, a part it leaves out
 * (or one that cannot be used) at its default, so a link means the same for whoever opens it.
 */

export type DashboardLinkPart = 'range' | 'filters';

/** The dashboard's own parameters, in the order they are written. */
const OWN_PARAMS = [VIEW_PARAMS.range, VIEW_PARAMS.from, VIEW_PARAMS.to, VIEW_PARAMS.filters] as const;

export interface DashboardLink {
  range: DateRange;
  filters: EventFilter[];
  /** The parts named that could not be used: left at their defaults, and said. */
  refused: DashboardLinkPart[];
}

const offered = (filter: EventFilter) => DASHBOARD_FILTER_FIELDS.includes(filter.field);

/** The view an address names, or undefined when it names none (the user's own view shows). */
export function readDashboardLink(params: URLSearchParams): DashboardLink | undefined {
  if (!OWN_PARAMS.some((name) => params.has(name))) return undefined;
  const link: DashboardLink = { range: { index: DATE_RANGE_DEFAULT_INDEX }, filters: [], refused: [] };
  if (params.has(VIEW_PARAMS.range)) {
    const range = readRangeParam(params);
    if (range) link.range = range;
    else link.refused.push('range');
  }
  const raw = params.get(VIEW_PARAMS.filters);
  if (raw !== null) {
    // The dashboard's bound (17, under the store's 20 with a tab's own and a group-by's) and its fields.
    const filters = readFiltersParam(raw, dashboardFilterOptionsSchema.shape.filters);
    if (filters?.every(offered)) link.filters = filters;
    else link.refused.push('filters');
  }
  return link;
}

/** `base` with the dashboard's view written over its own parameters (the group's is kept). */
export function writeDashboardParams(options: DashboardFilterOptions, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of OWN_PARAMS) next.delete(name);
  writeRangeAndFilters(next, { range: options.dateRange.range, filters: options.filters });
  return next;
}

/** An address's own parameters alone, in writing order: two addresses of one view compare equal. */
export function ownParams(params: URLSearchParams): string {
  const own = new URLSearchParams();
  for (const name of OWN_PARAMS) for (const value of params.getAll(name)) own.append(name, value);
  return own.toString();
}

const sameRange = (a: DateRange, b: DateRange) => a.index === b.index && a.from === b.from && a.to === b.to;

/**
 * The user's choices showing a link's view. A zoom is kept when the link names the range it
 * zoomed to (a reload of a zoomed view), so Reset still goes back to what the user picked.
 */
export function withLink(options: DashboardFilterOptions, link: DashboardLink): DashboardFilterOptions {
  const dateRange = sameRange(options.dateRange.range, link.range)
    ? options.dateRange
    : { range: link.range, previous: null, zoomed: false };
  return { ...options, dateRange, filters: link.filters };
}

/**
 * What the dashboard starts from at an address: the user's kept choices, with the view a link
 * names over them. The page, its loader and the server's first view all start here, so the
 * calls the loader starts are the ones the widgets make. The page also keeps what was kept and
 * the link, to save a view the link changed and to say what it refused.
 */
export function startAt(params: URLSearchParams): {
  kept: DashboardFilterOptions;
  link: DashboardLink | undefined;
  options: DashboardFilterOptions;
} {
  const kept = readDashboardOptions();
  const link = readDashboardLink(params);
  return { kept, link, options: link ? withLink(kept, link) : kept };
}

export const startingOptions = (params: URLSearchParams): DashboardFilterOptions => startAt(params).options;
