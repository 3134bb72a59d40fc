import { useMemo } from 'react';
import { EChart } from './echart';
import { buildSparklineOption } from './sparkline-option';
import type { TimePoint, TimeRange } from './time-series-option';

export interface SparklineProps {
  line: { points: TimePoint[]; bucketMs: number; range?: TimeRange };
  color: string;
  height: number;
  renderer?: 'canvas' | 'svg';
  /** The line's name for assistive technology (EChart). */
  ariaLabel: string;
}

/** A tile's figure over time, drawn small under it (single-number.tsx). */
export function Sparkline({ line, color, height, renderer, ariaLabel }: SparklineProps) {
  const option = useMemo(() => buildSparklineOption({ ...line, color }), [line, color]);
  return <EChart option={option} height={height} renderer={renderer} ariaLabel={ariaLabel} />;
}
