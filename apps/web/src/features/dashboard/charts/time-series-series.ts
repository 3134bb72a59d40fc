// The ECharts series of a time-series chart, with the partial edge buckets set apart (partial-buckets.ts).
import type { ChartVisualization } from '@parapet/shared';
import { bucketCoverage, isPartial, splitLine } from './partial-buckets';
import type { TimeRange, TimeSeriesInput } from './time-series-option';

/** How a partial bucket is set apart: a lighter bar, or a dashed line to a hollow point. */
const PARTIAL_BAR_OPACITY = 0.45;
const PARTIAL_AREA_OPACITY = 0.15;

function barSeries(label: string, data: [number, number][], bucketMs: number, range: TimeRange | undefined) {
  return {
    name: label,
    type: 'bar',
    stack: 'total',
    barMaxWidth: 24,
    emphasis: { focus: 'series' as const },
    data: data.map((point) =>
      isPartial(bucketCoverage(point[0], bucketMs, range), bucketMs)
        ? { value: point, itemStyle: { opacity: PARTIAL_BAR_OPACITY } }
        : point,
    ),
  };
}

/**
 * A line (or stacked area) as its whole buckets and, apart, its partial edges. Both carry the
 * series' name, so ECharts gives them one colour and one legend entry; the edges stack among
 * themselves, in the same order, so they meet the whole stack where they join it.
 */
function lineSeries(
  visualization: ChartVisualization,
  label: string,
  data: [number, number][],
  bucketMs: number,
  range: TimeRange | undefined,
) {
  const area = visualization === 'area';
  const { whole, edges } = splitLine(data, bucketMs, range);
  const common = {
    name: label,
    type: 'line',
    showSymbol: false,
    emphasis: { focus: 'series' as const },
    // Clicking the line itself, not only a point on it, adds the series as a filter.
    triggerEvent: true,
  };
  const main = { ...common, data: whole, ...(area ? { stack: 'total', areaStyle: { opacity: 0.35 } } : {}) };
  const edge = edges && {
    ...common,
    data: edges,
    showSymbol: true,
    symbol: 'emptyCircle',
    lineStyle: { type: 'dashed' },
    ...(area ? { stack: 'partial', areaStyle: { opacity: PARTIAL_AREA_OPACITY } } : {}),
  };
  return { main, edge };
}

/** The ECharts series: one per input series, then the partial edges of the lines, in the same order. */
export function seriesOptions(input: TimeSeriesInput, filled: [number, number][][]): object[] {
  const { series, visualization, bucketMs, range } = input;
  if (visualization === 'bar') return series.map((s, i) => barSeries(s.label, filled[i] ?? [], bucketMs, range));
  const lines = series.map((s, i) => lineSeries(visualization, s.label, filled[i] ?? [], bucketMs, range));
  const edges = lines.flatMap((line) => (line.edge ? [line.edge] : []));
  // Every line has edges or none (they share the buckets), so edge k belongs to series k.
  return [...lines.map((line) => line.main), ...edges];
}
