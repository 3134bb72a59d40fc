// The charts drawn with ECharts (and the world map's shapes): one chunk with the library, loaded
// through lazy-charts.tsx, so nothing else of the dashboard waits for it.
export { BarChart, PieChart } from './category-charts';
export { Sparkline } from './sparkline';
export { TimeSeriesChart } from './time-series-chart';
export { WorldMap } from './world-map';
