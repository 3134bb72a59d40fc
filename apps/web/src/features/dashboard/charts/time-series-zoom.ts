import type { EChartsType } from './echarts';
import type { TimeRange } from './time-series-option';

/** A drag narrower than this is a click that slipped, not a selection. */
export const DRAG_MIN_PX = 4;

interface BrushArea {
  range?: unknown;
  coordRange?: unknown;
}

const pair = (value: unknown): [number, number] | undefined =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n))
    ? [Math.min(value[0], value[1]), Math.max(value[0], value[1])]
    : undefined;

/**
 * The span a drag across the chart selected, widened to whole buckets so the zoomed chart
 * shows every bucket the drag touched; undefined for a click or a cleared selection. Reads
 * ECharts' `brushEnd` event: `areas[0].range` in pixels, `coordRange` in axis values (ms).
 */
export function zoomFromBrush(params: unknown, bucketMs: number): TimeRange | undefined {
  if (typeof params !== 'object' || params === null || !('areas' in params)) return undefined;
  const areas: unknown = params.areas;
  const area: unknown = Array.isArray(areas) ? areas[0] : undefined;
  if (typeof area !== 'object' || area === null) return undefined;
  const pixels = pair((area as BrushArea).range);
  const times = pair((area as BrushArea).coordRange);
  if (!pixels || !times || pixels[1] - pixels[0] < DRAG_MIN_PX) return undefined;
  const from = Math.floor(times[0] / bucketMs) * bucketMs;
  const to = Math.ceil(times[1] / bucketMs) * bucketMs;
  return to > from ? { from, to } : undefined;
}

/**
 * Puts the chart in brush mode, so a plain drag selects a span: ECharts otherwise waits for a
 * toolbox button, which the dashboard does not show. Taken again after every option, since a
 * new option resets the cursor.
 */
export function enableDragZoom(chart: EChartsType): void {
  chart.dispatchAction({
    type: 'takeGlobalCursor',
    key: 'brush',
    brushOption: { brushType: 'lineX', brushMode: 'single' },
  });
}

/** Removes the drawn selection once it has been turned into a zoom. */
export function clearSelection(chart: EChartsType): void {
  chart.dispatchAction({ type: 'brush', areas: [] });
}
