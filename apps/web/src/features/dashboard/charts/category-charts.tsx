import type { EventMetric } from '@parapet/shared';
import { useMemo } from 'react';
import { ChartEmpty } from './chart-empty';
import { buildBarOption, buildPieOption, itemAt } from './category-option';
import { EChart, type EChartHandler } from './echart';
import type { OnSelect, RankedItem } from './ranked-item';
import { useStableData } from './use-stable-data';

export interface CategoryChartProps {
  items: RankedItem[];
  metric: EventMetric;
  language: string;
  /** A slice or bar clicked: a filter keeping that category. */
  onSelect?: OnSelect;
  loading?: boolean;
  height?: number;
  renderer?: 'canvas' | 'svg';
  /** The chart's name for assistive technology (EChart). */
  ariaLabel: string;
}

function useSelectEvents(items: RankedItem[], onSelect: OnSelect | undefined) {
  return useMemo(() => {
    const handlers: Record<string, EChartHandler> = {};
    if (onSelect)
      handlers.click = (params) => {
        const item = itemAt(items, params);
        if (item) onSelect(item.key, 'is');
      };
    return handlers;
  }, [items, onSelect]);
}

/** Shares of a whole: origin against cache, cache statuses. */
export function PieChart({
  items: given,
  metric,
  language,
  onSelect,
  loading = false,
  height = 260,
  renderer,
  ariaLabel,
}: CategoryChartProps) {
  const items = useStableData(given);
  const option = useMemo(() => buildPieOption({ items, metric, language }), [items, metric, language]);
  const events = useSelectEvents(items, onSelect);
  if (items.length === 0 && !loading) return <ChartEmpty height={height} language={language} />;
  return (
    <EChart
      option={option}
      height={height}
      renderer={renderer}
      loading={loading}
      events={events}
      ariaLabel={ariaLabel}
      testId="pie-chart"
    />
  );
}

/** Categories side by side, in the order given; horizontal bars suit long labels. */
export function BarChart({
  items: given,
  metric,
  language,
  onSelect,
  loading = false,
  height = 260,
  renderer,
  ariaLabel,
  horizontal = false,
}: CategoryChartProps & { horizontal?: boolean }) {
  const items = useStableData(given);
  const option = useMemo(
    () => buildBarOption({ items, metric, language, horizontal }),
    [items, metric, language, horizontal],
  );
  const events = useSelectEvents(items, onSelect);
  if (items.length === 0 && !loading) return <ChartEmpty height={height} language={language} />;
  return (
    <EChart
      option={option}
      height={height}
      renderer={renderer}
      loading={loading}
      events={events}
      ariaLabel={ariaLabel}
      testId="bar-chart"
    />
  );
}
