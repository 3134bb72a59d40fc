import type { CSSProperties } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
 * One ECharts instance on a div: created on mount, given each new option whole (a series that
 * is gone must not linger, so options replace rather than merge), resized with its box,
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
  const chart = useRef<EChartsType | undefined>(undefined);
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
    const instance = echarts.init(element, undefined, { renderer });
    chart.current = instance;
    applied.current = latest.current.option;
    instance.setOption(applied.current, { notMerge: true });
    latest.current.onOptionApplied?.(instance);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, [renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    const bound = eventNames
      .split(',')
      .filter(Boolean)
      .map((name) => {
        const handler = (params: unknown) => latest.current.events?.[name]?.(params, instance);
        instance.on(name, handler);
        return { name, handler };
      });
    return () => {
      if (instance.isDisposed()) return;
      for (const { name, handler } of bound) instance.off(name, handler);
    };
  }, [eventNames, renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || applied.current === option) return;
    applied.current = option;
    instance.setOption(option, { notMerge: true });
    latest.current.onOptionApplied?.(instance);
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (loading) instance.showLoading('default', { text: t('loading') });
    else instance.hideLoading();
  }, [loading, t, renderer]);

  return <div ref={box} role="img" aria-label={ariaLabel} data-testid={testId} style={{ width: '100%', height }} />;
}
