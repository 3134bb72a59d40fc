import type { DateRange } from '@parapet/shared';

/** The last-5-minutes range (index 0) follows the traffic as it comes: its calls repeat this often. */
export const LIVE_REFRESH_MS = 10_000;
const LIVE_RANGE_INDEX = 0;

export const refetchIntervalFor = (range: DateRange | undefined): number | false =>
  range?.index === LIVE_RANGE_INDEX ? LIVE_REFRESH_MS : false;
