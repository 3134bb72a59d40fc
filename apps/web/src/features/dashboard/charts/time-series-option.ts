import { bucketStarts, type ChartVisualization, type EventMetric } from '@parapet/shared';
import { formatMetric, formatMetricRate, formatMetricTick } from '@/lib/format-units';
import { byteAxisScale } from './byte-axis';
import { echarts, type EChartsCoreOption } from './echarts';
import { formatTimeTick, formatTooltipTime } from './time-labels';

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
  /** The range asked for: buckets before the first and after the last point are drawn too. */
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

/** The tooltip of one bucket: its time, then each series' value with its unit and its rate. */
export function timeSeriesTooltip(
  input: Pick<TimeSeriesInput, 'series' | 'metric' | 'bucketMs' | 'language'>,
  params: unknown,
): string {
  const items = (Array.isArray(params) ? params : [params]).filter(isTooltipItem);
  const first = items[0];
  if (!first) return '';
  const time = Number(Array.isArray(first.value) ? first.value[0] : first.axisValue);
  const lines = items.map((item) => {
    const value = Number(Array.isArray(item.value) ? item.value[1] : item.value);
    const label = input.series[item.seriesIndex ?? -1]?.label ?? '';
    const marker = typeof item.marker === 'string' ? item.marker : '';
    const amount = formatMetric(input.metric, value, input.language);
    const rate = formatMetricRate(input.metric, value, input.bucketMs, input.language);
    return `${marker}${echarts.format.encodeHTML(label)}: <b>${amount}</b> (${rate})`;
  });
  return [echarts.format.encodeHTML(formatTooltipTime(time, input.bucketMs, input.language)), ...lines].join('<br/>');
}

function seriesOption(visualization: ChartVisualization, label: string, data: [number, number][]) {
  const common = { name: label, data, emphasis: { focus: 'series' as const } };
  if (visualization === 'bar') return { ...common, type: 'bar', stack: 'total', barMaxWidth: 24 };
  return {
    ...common,
    type: 'line',
    showSymbol: false,
    // Clicking the line itself, not only a point on it, adds the series as a filter.
    triggerEvent: true,
    ...(visualization === 'area' ? { stack: 'total', areaStyle: { opacity: 0.35 } } : {}),
  };
}

/** The option of a chart of requests or bytes over time. */
export function buildTimeSeriesOption(input: TimeSeriesInput): EChartsCoreOption {
  const { series, metric, visualization, bucketMs, language, range } = input;
  const buckets = chartBuckets(series, bucketMs, range);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const spanMs = first === undefined || last === undefined ? 0 : last + bucketMs - first;
  const grouped = series.length > 1;
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
    series: series.map((s, i) => seriesOption(visualization, s.label, filled[i] ?? [])),
  };
}
