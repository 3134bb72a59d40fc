import type { TimeRange } from './time-series-option';

/**
 * Buckets the range covers only in part. The store aligns buckets to the epoch and counts each
 * one over its overlap with [from, to): the first bucket starts before `from`, and the last one
 * (on a preset range, the one still filling) stops at `to`. Their counts are true but cover less
 * time, so drawn like the others they read as a drop in traffic that never happened. Nothing is
 * scaled up to make them look whole (that would invent events): they are drawn apart instead,
 * and their rate is taken over the part they cover.
 */

/** The span a bucket's count covers: the bucket clipped to the range. */
export interface Coverage {
  start: number;
  end: number;
}

export function bucketCoverage(start: number, bucketMs: number, range: TimeRange | undefined): Coverage {
  const end = start + bucketMs;
  return range ? { start: Math.max(start, range.from), end: Math.min(end, range.to) } : { start, end };
}

export const isPartial = (coverage: Coverage, bucketMs: number) => coverage.end - coverage.start < bucketMs;

/** The bucket a time on the chart belongs to, and what of it the range covers. */
export function coverageAt(time: number, bucketMs: number, range: TimeRange | undefined): Coverage {
  return bucketCoverage(Math.floor(time / bucketMs) * bucketMs, bucketMs, range);
}

export type LineValue = [number, number | null];
/** A point of the partial-edge line; the whole neighbour it joins is drawn without a symbol. */
export type EdgeItem = LineValue | { value: LineValue; symbol: 'none' };

export interface LineParts {
  /** Every whole bucket, null where a bucket is partial so the solid line stops before it. */
  whole: LineValue[];
  /** The partial buckets joined to their whole neighbours, null elsewhere; undefined when none. */
  edges: EdgeItem[] | undefined;
}

/**
 * A line split where it runs into a partial bucket. Each point sits at the start of what it
 * counts, so the first bucket is drawn at `from` rather than before it, off the axis.
 */
export function splitLine(filled: readonly [number, number][], bucketMs: number, range?: TimeRange): LineParts {
  const coverages = filled.map(([start]) => bucketCoverage(start, bucketMs, range));
  const partial = coverages.map((coverage) => isPartial(coverage, bucketMs));
  const points: LineValue[] = filled.map(([, value], i) => [coverages[i]?.start ?? 0, value]);
  const whole = points.map((point, i): LineValue => (partial[i] ? [point[0], null] : point));
  if (!partial.some(Boolean)) return { whole, edges: undefined };
  const nearPartial = (i: number) => partial[i - 1] === true || partial[i + 1] === true;
  const edges = points.map((point, i): EdgeItem => {
    if (partial[i]) return point;
    return nearPartial(i) ? { value: point, symbol: 'none' } : [point[0], null];
  });
  return { whole, edges };
}
