import {
  DATE_RANGE_DEFAULT_INDEX,
  TIME_RANGE_CUSTOM_INDEX,
  dateRangeSchema,
  type DateRange,
  type EventFilter,
} from '@parapet/shared';

/**
 * The parts of a page's address that say which events it shows, written alike by the event log
 * and the dashboard: a link copied from one reads the same way as one from the other.
 */
export const VIEW_PARAMS = {
  range: 'range',
  from: 'from',
  to: 'to',
  filters: 'filters',
} as const;

/** Digits only: "1e3", " 5" or "0x10" are not what a link of ours writes. */
const wholeNumber = (raw: string | null): number | undefined =>
  raw !== null && /^\d{1,16}$/.test(raw) ? Number(raw) : undefined;

/** The range an address names, or undefined when it names one the server would refuse. */
export function readRangeParam(params: URLSearchParams): DateRange | undefined {
  const index = wholeNumber(params.get(VIEW_PARAMS.range));
  if (index === undefined) return undefined;
  const range: DateRange =
    index === TIME_RANGE_CUSTOM_INDEX
      ? { index, from: wholeNumber(params.get(VIEW_PARAMS.from)), to: wholeNumber(params.get(VIEW_PARAMS.to)) }
      : { index };
  // The same rule the server checks with, at this moment: a custom range gone past what the
  // picker offers is refused here rather than answered with an error below the toolbar.
  const parsed = dateRangeSchema.safeParse(range);
  return parsed.success ? parsed.data : undefined;
}

/** A schema's check, as the shared contracts' zod schemas answer it. */
interface FiltersCheck {
  safeParse(value: unknown): { success: true; data: EventFilter[] } | { success: false };
}

/** The filters of an address (JSON), checked by the page's own schema for them. */
export function readFiltersParam(raw: string, schema: FiltersCheck): EventFilter[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Writes the range and the filters into `next`, each left out at its default. */
export function writeRangeAndFilters(
  next: URLSearchParams,
  view: { range?: DateRange | undefined; filters?: readonly EventFilter[] | undefined },
): void {
  const { range, filters } = view;
  if (range && range.index !== DATE_RANGE_DEFAULT_INDEX) {
    next.set(VIEW_PARAMS.range, String(range.index));
    if (range.index === TIME_RANGE_CUSTOM_INDEX && range.from !== undefined && range.to !== undefined) {
      next.set(VIEW_PARAMS.from, String(range.from));
      next.set(VIEW_PARAMS.to, String(range.to));
    }
  }
  if (filters && filters.length > 0) next.set(VIEW_PARAMS.filters, JSON.stringify(filters));
}
