import type { EChartsCoreOption } from './echarts';
import { splitLine } from './partial-buckets';
import { chartBuckets, fillBuckets, type TimePoint, type TimeRange } from './time-series-option';

export interface SparklineInput {
  points: readonly TimePoint[];
  bucketMs: number;
  range?: TimeRange;
  color: string;
}

/** A tile's small area chart: the shape of the traffic, no axes or tooltip (the tile states the figure). */
export function buildSparklineOption({ points, bucketMs, range, color }: SparklineInput): EChartsCoreOption {
  const series = [{ key: null, label: '', points: [...points] }];
  const data = fillBuckets(points, chartBuckets(series, bucketMs, range), bucketMs);
  // Partial edge buckets dashed and lighter, as on the main chart, so a tile does not show a drop.
  const { whole, edges } = splitLine(data, bucketMs, range);
  const line = { type: 'line', showSymbol: false, silent: true };
  return {
    animation: false,
    grid: { left: 0, right: 0, top: 2, bottom: 0 },
    xAxis: { type: 'time', show: false, min: range?.from, max: range?.to },
    yAxis: { type: 'value', show: false, min: 0 },
    series: [
      { ...line, data: whole, lineStyle: { width: 1, color }, areaStyle: { color, opacity: 0.25 } },
      ...(edges
        ? [
            {
              ...line,
              data: edges,
              lineStyle: { width: 1, color, type: 'dashed' },
              areaStyle: { color, opacity: 0.1 },
            },
          ]
        : []),
    ],
  };
}
