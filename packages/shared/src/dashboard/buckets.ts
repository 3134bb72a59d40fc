/**
 * How wide a chart's buckets are for a range. The cost of a dashboard query grows with the number
 * of buckets (ARCHITECTURE §8), and a chart a few hundred pixels wide shows about a hundred
 * points, so the width is the smallest step of a fixed ladder that keeps the count at or under
 * DASHBOARD_MAX_POINTS. Steps are ones people read on an axis. Buckets are aligned to the epoch
 * (UTC): they line up with the reader's clock where the zone's offset is whole hours, and start at
 * :30 or :45 in zones such as Asia/Kolkata or Pacific/Chatham (docs/charts.md).
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The most points one series of a dashboard chart has. */
export const DASHBOARD_MAX_POINTS = 120;

/** Ranges at least this long get whole-minute buckets. */
export const WHOLE_MINUTE_RANGE_MS = HOUR_MS;

export const BUCKET_LADDER_MS = [
  5 * SECOND_MS,
  10 * SECOND_MS,
  15 * SECOND_MS,
  30 * SECOND_MS,
  MINUTE_MS,
  2 * MINUTE_MS,
  5 * MINUTE_MS,
  10 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  7 * DAY_MS,
] as const;
const LARGEST_BUCKET_MS = 7 * DAY_MS;

/** The bucket width in ms for the range [from, to). */
export function bucketFor(from: number, to: number): number {
  const span = Math.max(0, to - from);
  const minimum = span >= WHOLE_MINUTE_RANGE_MS ? MINUTE_MS : 0;
  const fits = BUCKET_LADDER_MS.find((step) => step >= minimum && span / step <= DASHBOARD_MAX_POINTS);
  // Past the widest step (a range of years) the points grow instead; the date range schema never asks for that.
  return fits ?? LARGEST_BUCKET_MS;
}

/** Bucket starts (epoch-aligned, as the store answers them) covering [from, to). */
export function bucketStarts(from: number, to: number, bucketMs: number): number[] {
  const starts: number[] = [];
  for (let t = Math.floor(from / bucketMs) * bucketMs; t < to; t += bucketMs) starts.push(t);
  return starts;
}
