import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import {
  BrushComponent,
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
 * registered, so the dashboard's chunk carries about a third of the full library and no other
 * screen loads any of it. The brush needs the toolbox's brush feature registered even with the
 * toolbox hidden. Browsers draw on canvas; tests register the SVG renderer themselves, so it
 * never ships.
 */
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  BrushComponent,
  ToolboxComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
export type { EChartsCoreOption, EChartsType } from 'echarts/core';
