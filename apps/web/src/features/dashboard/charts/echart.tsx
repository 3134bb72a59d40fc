import type { CSSProperties } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawAfterPaint } from './draw-schedule';
import { echarts, type EChartsCoreOption, type EChartsType } from './echarts';

/** An ECharts event's handler; the params are checked by whoever reads them. */
export type EChartHandler = (params: unknown, chart: EChartsType) => void;

export interface EChartProps {
  option: EChartsCoreOption;
  height: CSSProperties['height'];
  /** 'svg' draws into the DOM, which tests can read; the browser uses canvas. */
  renderer?: 'canvas' | 'svg';
  loading?: boolean;
  /** ECharts events by name (`click`, `brushEnd`...). */
  events?: Partial<Record<string, EChartHandler>>;
  /** Runs after each option is applied: modes an option cannot hold (a taken brush cursor). */
  onOptionApplied?: (chart: EChartsType) => void;
  /**
   * The chart's text alternative, in the user's language: the box is `role="img"` (the canvas
   * inside is not read), and an image without a name fails WCAG 1.1.1. Required so no chart is
   * drawn nameless.
   */
  ariaLabel: string;
  testId?: string;
}

/**
 * One ECharts instance on a div: created after the first paint that shows the div (so the
 * figures beside it are not held back, draw-schedule.ts), given each new option whole (a series
 * that is gone must not linger, so options replace rather than merge), resized with its box,
 * disposed on unmount.
 */
export function EChart({
  option,
  height,
  renderer = 'canvas',
  loading = false,
  events,
  onOptionApplied,
  ariaLabel,
  testId,
}: EChartProps) {
  const { t } = useTranslation('charts');
  const box = useRef<HTMLDivElement>(null);
  // Set once the chart is drawn, after the next paint (draw-schedule.ts); the effects below
  // run again then, with it.
  const [chart, setChart] = useState<EChartsType | undefined>(undefined);
  const applied = useRef<EChartsCoreOption | undefined>(undefined);
  // Latest props for the instance's own callbacks, read when they run, not when bound.
  const latest = useRef({ option, events, onOptionApplied });
  useEffect(() => {
    latest.current = { option, events, onOptionApplied };
  });

  const eventNames = Object.keys(events ?? {})
    .sort()
    .join(',');

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    const cancel = drawAfterPaint(element, (size) => {
      // Its size given, so ECharts does not read it (a forced layout per chart).
      instance = echarts.init(element, undefined, { renderer, ...size });
      applied.current = latest.current.option;
      instance.setOption(applied.current, { notMerge: true });
      latest.current.onOptionApplied?.(instance);
      const drawn = instance;
      // Resized with its box, by the size the observer measured (a size given at creation
      // stays until another is given).
      observer =
        typeof ResizeObserver === 'undefined'
          ? undefined
          : new ResizeObserver(([entry]) => {
              if (entry) drawn.resize({ width: entry.contentRect.width, height: entry.contentRect.height });
            });
      observer?.observe(element);
      setChart(instance);
    });
    return () => {
      cancel();
      observer?.disconnect();
      instance?.dispose();
      setChart(undefined);
    };
  }, [renderer]);

  useEffect(() => {
    if (!chart) return;
    const bound = eventNames
      .split(',')
      .filter(Boolean)
      .map((name) => {
        const handler = (params: unknown) => latest.current.events?.[name]?.(params, chart);
        chart.on(name, handler);
        return { name, handler };
      });
    return () => {
      if (chart.isDisposed()) return;
      for (const { name, handler } of bound) chart.off(name, handler);
    };
  }, [eventNames, chart]);

  useEffect(() => {
    if (!chart || applied.current === option) return;
    applied.current = option;
    chart.setOption(option, { notMerge: true });
    latest.current.onOptionApplied?.(chart);
  }, [option, chart]);

  useEffect(() => {
    if (!chart) return;
    if (loading) chart.showLoading('default', { text: t('loading') });
    else chart.hideLoading();
  }, [loading, t, chart]);

  return <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height }} />;
}
