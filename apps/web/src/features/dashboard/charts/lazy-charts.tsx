import { lazy, Suspense, type ComponentType, type CSSProperties } from 'react';
import type { CategoryChartProps } from './category-charts';
import type * as DrawnModule from './drawn';
import type { SparklineProps } from './sparkline';
import type { TimeSeriesChartProps } from './time-series-chart';
import type { WorldMapProps } from './world-map';

type Drawn = typeof DrawnModule;

/**
 * ECharts and the world map are about 250 kB of brotli JavaScript that takes longer to run than
 * all of the tab's figures take to show. So the charts load on their own: the tab starts the
 * load when it first shows, its tiles' figures and lists paint meanwhile, and each chart keeps
 * its height while it waits, so nothing moves when it is drawn (docs/web-bench.md).
 */
export const loadDrawnCharts = (): Promise<Drawn> => import('./drawn');

function lazyChart<P extends { height?: CSSProperties['height'] }>(
  pick: (drawn: Drawn) => ComponentType<P>,
  defaultHeight: number,
): ComponentType<P> {
  const Chart = lazy(async () => ({ default: pick(await loadDrawnCharts()) }));
  function LazyChart(props: P) {
    return (
      <Suspense fallback={<div style={{ width: '100%', height: props.height ?? defaultHeight }} />}>
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}

export const TimeSeriesChart = lazyChart<TimeSeriesChartProps>((m) => m.TimeSeriesChart, 300);
export const BarChart = lazyChart<CategoryChartProps>((m) => m.BarChart, 260);
export const PieChart = lazyChart<CategoryChartProps>((m) => m.PieChart, 260);
export const WorldMap = lazyChart<WorldMapProps>((m) => m.WorldMap, 360);
export const Sparkline = lazyChart<SparklineProps>((m) => m.Sparkline, 0);
