// What the dashboard's tabs compose: presentational charts fed plain props, no fetching.
export { BarChart, PieChart, type CategoryChartProps } from './category-charts';
export type { OnSelect, RankedItem, SelectOp } from './ranked-item';
export { SingleNumber, type SingleNumberProps } from './single-number';
export { SourceList, type SourceListProps } from './source-list';
export { TimeSeriesChart, type TimeSeriesChartProps } from './time-series-chart';
export type { TimePoint, TimeRange, TimeSeries } from './time-series-option';
export { WorldMap, type WorldMapProps } from './world-map';
export type { CountryValue } from './world-map-option';
