import type { EventMetric } from '@parapet/shared';
import { formatMetric, formatMetricTick, formatPercent } from '@/lib/format-units';
import { byteAxisScale } from './byte-axis';
import { echarts, type EChartsCoreOption } from './echarts';
import { itemLabel, type RankedItem } from './ranked-item';

/** Categories and their values (cache status, served by, WAF type...), as a pie or as bars. */
export interface CategoryInput {
  items: readonly RankedItem[];
  metric: EventMetric;
  language: string;
}

interface ItemTooltipParams {
  dataIndex?: unknown;
  percent?: unknown;
}

const indexOf = (params: unknown): number | undefined => {
  if (typeof params !== 'object' || params === null) return undefined;
  const { dataIndex } = params as ItemTooltipParams;
  return typeof dataIndex === 'number' ? dataIndex : undefined;
};

/** The item a click or a tooltip is about: ECharts reports its place in the data. */
export function itemAt(items: readonly RankedItem[], params: unknown): RankedItem | undefined {
  const first: unknown = Array.isArray(params) ? params[0] : params;
  const index = indexOf(first);
  return index === undefined ? undefined : items[index];
}

/**
 * An item's share of all the items, from the values themselves: ECharts' own `percent` is
 * rounded to two decimals first, so a small slice arrived as 0.
 */
function shareOf(items: readonly RankedItem[], item: RankedItem): number | undefined {
  const total = items.reduce((sum, each) => sum + each.value, 0);
  return total > 0 ? item.value / total : undefined;
}

/** One category's tooltip: its label, its value with the unit and, on a pie, its share. */
export function categoryTooltip(input: CategoryInput, params: unknown): string {
  const item = itemAt(input.items, params);
  if (!item) return '';
  const amount = formatMetric(input.metric, item.value, input.language);
  const onPie = typeof (params as ItemTooltipParams).percent === 'number';
  const ratio = onPie ? shareOf(input.items, item) : undefined;
  const share = ratio === undefined ? '' : ` (${formatPercent(ratio, input.language)})`;
  return `${echarts.format.encodeHTML(itemLabel(item))}: <b>${amount}</b>${share}`;
}

/** A slice's label: its share of the whole. */
export function sliceShare(input: CategoryInput, params: unknown): string {
  const item = itemAt(input.items, params);
  const ratio = item && shareOf(input.items, item);
  return ratio === undefined ? '' : formatPercent(ratio, input.language);
}

export function buildPieOption(input: CategoryInput): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true, formatter: (params: unknown) => categoryTooltip(input, params) },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        // The share in the page's language and never cut short: on a narrow card ECharts
        // truncated "26.39%" to "26...." though the space beside the slice was free.
        label: { formatter: (params: unknown) => sliceShare(input, params), overflow: 'none' },
        data: input.items.map((item) => ({ name: itemLabel(item), value: item.value })),
      },
    ],
  };
}

/** More bars than this and their labels below them are tilted so they do not run together. */
const TILT_AFTER = 4;

export function buildBarOption(input: CategoryInput & { horizontal?: boolean }): EChartsCoreOption {
  const categories = {
    type: 'category',
    data: input.items.map(itemLabel),
    // Every category is named: left to itself ECharts drops every other label of a narrow card
    // (HIT, MISS without the bars between them). Below the bars many labels are tilted instead.
    axisLabel: {
      interval: 0,
      width: input.horizontal ? 120 : 90,
      overflow: 'truncate',
      ...(!input.horizontal && input.items.length > TILT_AFTER ? { rotate: 30 } : {}),
    },
    ...(input.horizontal ? { inverse: true } : {}),
  };
  const values = {
    type: 'value',
    min: 0,
    minInterval: input.metric === 'requests' ? 1 : undefined,
    ...(input.metric === 'bytes' ? byteAxisScale(Math.max(0, ...input.items.map((item) => item.value))) : undefined),
    axisLabel: { formatter: (value: number) => formatMetricTick(input.metric, value, input.language) },
  };
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 16, bottom: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => categoryTooltip(input, params),
    },
    xAxis: input.horizontal ? values : categories,
    yAxis: input.horizontal ? categories : values,
    series: [{ type: 'bar', barMaxWidth: 32, data: input.items.map((item) => item.value) }],
  };
}
