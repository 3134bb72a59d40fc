import type { ChartVisualization, EventMetric } from '@parapet/shared';
import { useMemo } from 'react';
import { ChartEmpty } from './chart-empty';
import { EChart, type EChartHandler } from './echart';
import { buildTimeSeriesOption, sourceSeriesIndex, type TimeRange, type TimeSeries } from './time-series-option';
import { clearSelection, enableDragZoom, zoomFromBrush } from './time-series-zoom';
import { useStableData } from './use-stable-data';

export interface TimeSeriesChartProps {
  series: TimeSeries[];
  metric: EventMetric;
  visualization: ChartVisualization;
  bucketMs: number;
  language: string;
  /** The range asked for, so empty buckets at either end are drawn as 0 too. */
  range?: TimeRange;
  /** A drag across the chart selected [from, to), in whole buckets. */
  onZoom?: (from: number, to: number) => void;
  /** A click on a grouped series; the ungrouped total (key null) is not reported. */
  onSeriesClick?: (key: string) => void;
  loading?: boolean;
  height?: number;
  renderer?: 'canvas' | 'svg';
  /** The chart's name for assistive technology (EChart). */
  ariaLabel: string;
}

const seriesIndexOf = (params: unknown): number | undefined =>
  typeof params === 'object' && params !== null && 'seriesIndex' in params && typeof params.seriesIndex === 'number'
    ? params.seriesIndex
    : undefined;

/** Requests or bytes over time, one series per group-by value; drag to zoom, click to filter. */
export function TimeSeriesChart({
  series: given,
  metric,
  visualization,
  bucketMs,
  language,
  range,
  onZoom,
  onSeriesClick,
  loading = false,
  height = 300,
  renderer,
  ariaLabel,
}: TimeSeriesChartProps) {
  const series = useStableData(given);
  const zoomable = onZoom !== undefined;
  const from = range?.from;
  const to = range?.to;
  const option = useMemo(
    () =>
      buildTimeSeriesOption({
        series,
        metric,
        visualization,
        bucketMs,
        language,
        range: from === undefined || to === undefined ? undefined : { from, to },
        zoomable,
      }),
    [series, metric, visualization, bucketMs, language, from, to, zoomable],
  );

  const events = useMemo(() => {
    const handlers: Record<string, EChartHandler> = {};
    if (onSeriesClick)
      handlers.click = (params) => {
        const key = series[sourceSeriesIndex(seriesIndexOf(params) ?? -1, series.length)]?.key;
        if (key !== null && key !== undefined) onSeriesClick(key);
      };
    if (onZoom)
      handlers.brushEnd = (params, chart) => {
        const span = zoomFromBrush(params, bucketMs);
        clearSelection(chart);
        if (span) onZoom(span.from, span.to);
      };
    return handlers;
  }, [onSeriesClick, onZoom, series, bucketMs]);

  // With the range known, a series without points is a flat 0 (no traffic), which is worth drawing.
  const empty = series.length === 0 || (series.every((s) => s.points.length === 0) && !range);
  if (empty && !loading) return <ChartEmpty height={height} language={language} />;
  return (
    <EChart
      option={option}
      height={height}
      renderer={renderer}
      loading={loading}
      events={events}
      onOptionApplied={zoomable ? enableDragZoom : undefined}
      ariaLabel={ariaLabel}
      testId="time-series-chart"
    />
  );
}
