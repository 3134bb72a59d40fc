// What the dashboard's tabs compose: presentational charts fed plain props, no fetching. The
// ones drawn with ECharts come through lazy-charts.tsx, a chunk of their own.
export type { CategoryChartProps } from './category-charts';
export { ChartFailed } from './chart-failed';
export { BarChart, loadDrawnCharts, PieChart, TimeSeriesChart, WorldMap } from './lazy-charts';
export type { OnSelect, RankedItem, SelectOp } from './ranked-item';
export { SingleNumber, type SingleNumberProps } from './single-number';
export { SourceList, type SourceListProps } from './source-list';
export type { TimeSeriesChartProps } from './time-series-chart';
export type { TimePoint, TimeRange, TimeSeries } from './time-series-option';
export type { WorldMapProps } from './world-map';
export type { CountryValue } from './world-map-option';
