import { bucketStarts, type ChartVisualization, type EventMetric } from '@parapet/shared';
import { formatMetric, formatMetricRate, formatMetricTick } from '@/lib/format-units';
import { i18n } from '@/lib/i18n';
import { byteAxisScale } from './byte-axis';
import { echarts, type EChartsCoreOption } from './echarts';
import { coverageAt, isPartial } from './partial-buckets';
import { formatTimeTick, formatTooltipSpan, formatTooltipTime } from './time-labels';
import { seriesOptions } from './time-series-series';

export interface TimePoint {
  /** Bucket start, epoch ms. */
  t: number;
  v: number;
}

export interface TimeSeries {
  /** The group-by value this series stands for; null for the ungrouped total. */
  key: string | null;
  label: string;
  points: TimePoint[];
}

export interface TimeRange {
  from: number;
  to: number;
}

export interface TimeSeriesInput {
  series: readonly TimeSeries[];
  metric: EventMetric;
  visualization: ChartVisualization;
  bucketMs: number;
  language: string;
  /**
   * The range the answer covers: buckets before the first and after the last point are drawn
   * too, and the edge buckets it covers only in part are drawn apart (partial-buckets.ts).
   */
  range?: TimeRange;
  /** Whether a drag selects a span (the brush is drawn only when someone listens). */
  zoomable?: boolean;
}

/**
 * The bucket starts a chart draws: every bucket of the range when there is one, else every
 * bucket from the first point to the last. The store leaves out buckets with no events; a chart
 * that joined its points across them would invent traffic.
 */
export function chartBuckets(series: readonly TimeSeries[], bucketMs: number, range?: TimeRange): number[] {
  if (!(bucketMs > 0)) throw new RangeError(`bucketMs must be positive, got ${bucketMs}`);
  if (range) return bucketStarts(range.from, range.to, bucketMs);
  const times = series.flatMap((s) => s.points.map((p) => p.t));
  if (times.length === 0) return [];
  return bucketStarts(Math.min(...times), Math.max(...times) + 1, bucketMs);
}

/** A series' value in every bucket, 0 where the store had none; points off the grid are summed into theirs. */
export function fillBuckets(
  points: readonly TimePoint[],
  buckets: readonly number[],
  bucketMs: number,
): [number, number][] {
  const byBucket = new Map<number, number>();
  for (const { t, v } of points) {
    const start = Math.floor(t / bucketMs) * bucketMs;
    byBucket.set(start, (byBucket.get(start) ?? 0) + v);
  }
  return buckets.map((start) => [start, byBucket.get(start) ?? 0]);
}

interface AxisTooltipItem {
  seriesIndex?: number;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

const isTooltipItem = (value: unknown): value is AxisTooltipItem => typeof value === 'object' && value !== null;

/**
 * The series of the input an ECharts series draws: a line that meets a partial bucket is drawn
 * as two ECharts series, its whole buckets and then its partial edges (partial-buckets.ts).
 */
export const sourceSeriesIndex = (seriesIndex: number, seriesCount: number) =>
  seriesCount > 0 ? seriesIndex % seriesCount : -1;

const itemValue = (item: AxisTooltipItem) => (Array.isArray(item.value) ? item.value[1] : item.value);

/** The tooltip's first line: the bucket's span, or for a partial bucket the part of it counted. */
function tooltipTime(time: number, input: Pick<TimeSeriesInput, 'bucketMs' | 'language' | 'range'>): string {
  const coverage = coverageAt(time, input.bucketMs, input.range);
  if (!isPartial(coverage, input.bucketMs)) return formatTooltipTime(coverage.start, input.bucketMs, input.language);
  const span = formatTooltipSpan(coverage.start, coverage.end, input.language);
  return i18n.getFixedT(input.language, 'charts')('partialBucket', { span });
}

/**
 * The tooltip of one bucket: its time, then each series' value with its unit and its rate. The
 * rate is taken over the part of the bucket the range covers: over the whole width, a bucket
 * holding 3 s of a 5 s span understated the rate by 40%.
 */
export function timeSeriesTooltip(
  input: Pick<TimeSeriesInput, 'series' | 'metric' | 'bucketMs' | 'language' | 'range'>,
  params: unknown,
): string {
  // Where a whole line meets its dashed edge both report the bucket: each series is said once.
  const bySeries = new Map<number, AxisTooltipItem>();
  for (const item of (Array.isArray(params) ? params : [params]).filter(isTooltipItem)) {
    const index = sourceSeriesIndex(item.seriesIndex ?? -1, input.series.length);
    const value = itemValue(item);
    if (!bySeries.has(index) && value !== null && value !== undefined && Number.isFinite(Number(value)))
      bySeries.set(index, item);
  }
  const items = [...bySeries.entries()].sort(([a], [b]) => a - b);
  const first = items[0]?.[1];
  if (!first) return '';
  const time = Number(Array.isArray(first.value) ? first.value[0] : first.axisValue);
  const coverage = coverageAt(time, input.bucketMs, input.range);
  const lines = items.map(([index, item]) => {
    const value = Number(itemValue(item));
    const label = input.series[index]?.label ?? '';
    const marker = typeof item.marker === 'string' ? item.marker : '';
    const amount = formatMetric(input.metric, value, input.language);
    const rate = formatMetricRate(input.metric, value, coverage.end - coverage.start, input.language);
    return `${marker}${echarts.format.encodeHTML(label)}: <b>${amount}</b> (${rate})`;
  });
  return [echarts.format.encodeHTML(tooltipTime(time, input)), ...lines].join('<br/>');
}

/** The option of a chart of requests or bytes over time. */
export function buildTimeSeriesOption(input: TimeSeriesInput): EChartsCoreOption {
  const { series, metric, visualization, bucketMs, language, range } = input;
  const buckets = chartBuckets(series, bucketMs, range);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const spanMs = first === undefined || last === undefined ? 0 : last + bucketMs - first;
  // A chart grouped by a field names its series even when one value is all there is (a
  // Firewall chart by action with only Deny drew one unnamed line); the plain total needs no legend.
  const grouped = series.length > 1 || series.some((s) => s.key !== null);
  const filled = series.map((s) => fillBuckets(s.points, buckets, bucketMs));
  const stacked = visualization !== 'line';
  const largest = Math.max(
    0,
    ...(stacked
      ? buckets.map((_, i) => filled.reduce((sum, data) => sum + (data[i]?.[1] ?? 0), 0))
      : filled.flatMap((data) => data.map(([, value]) => value))),
  );
  const byteScale = metric === 'bytes' ? byteAxisScale(largest) : undefined;
  return {
    animation: false,
    // ECharts 6 keeps axis labels inside the box by default (grid.outerBoundsMode 'auto').
    grid: { left: 8, right: 16, top: 16, bottom: grouped ? 40 : 8 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => timeSeriesTooltip(input, params),
    },
    legend: grouped ? { type: 'scroll', bottom: 0 } : { show: false },
    xAxis: {
      type: 'time',
      min: range?.from ?? first,
      max: range?.to ?? (last === undefined ? undefined : last + bucketMs),
      axisLabel: { hideOverlap: true, formatter: (value: number) => formatTimeTick(value, spanMs, bucketMs, language) },
    },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: metric === 'requests' ? 1 : undefined,
      ...byteScale,
      axisLabel: { formatter: (value: number) => formatMetricTick(metric, value, language) },
    },
    ...(input.zoomable
      ? {
          toolbox: { show: false },
          brush: {
            xAxisIndex: 0,
            brushType: 'lineX',
            brushMode: 'single',
            transformable: false,
            removeOnClick: true,
          },
        }
      : {}),
    series: seriesOptions(input, filled),
  };
}
