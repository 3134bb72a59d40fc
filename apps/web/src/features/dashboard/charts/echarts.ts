import { BarChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  BrushComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  ToolboxComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * The one place the dashboard loads ECharts. Only the charts and components drawn here are
 * registered, so the rest of the library never reaches the bundle, and only the dashboard's
 * chunk imports this (docs/charts.md). The brush needs the toolbox's brush feature registered even with the
 * toolbox hidden. Browsers draw on canvas; tests register the SVG renderer themselves, so it
 * never ships.
 */
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  MapChart,
  ScatterChart,
  GridComponent,
  GeoComponent,
  TooltipComponent,
  LegendComponent,
  BrushComponent,
  ToolboxComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
export type { EChartsCoreOption, EChartsType } from 'echarts/core';
