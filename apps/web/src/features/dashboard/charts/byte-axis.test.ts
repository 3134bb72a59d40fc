import { describe, expect, it } from 'vitest';
import { formatMetricTick } from '@/lib/format-units';
import { byteAxisScale } from './byte-axis';

const MB = 1024 ** 2;
const labels = (largest: number) => {
  const scale = byteAxisScale(largest);
  if (!scale) return [];
  const ticks: string[] = [];
  for (let value = 0; value <= scale.max; value += scale.interval)
    ticks.push(formatMetricTick('bytes', value, 'en-US'));
  return ticks;
};

describe('bytes axis', () => {
  it('steps by round numbers of the unit it shows, up to a whole step above the largest value', () => {
    expect(labels(47.7 * MB)).toEqual(['0 B', '10 MB', '20 MB', '30 MB', '40 MB', '50 MB']);
    expect(byteAxisScale(954 * MB)).toEqual({ interval: 200 * MB, max: 1000 * MB });
    expect(byteAxisScale(3 * 1024 ** 3)).toEqual({ interval: 1024 ** 3, max: 3 * 1024 ** 3 });
  });

  it('steps a few bytes by whole bytes, and leaves an empty axis to ECharts', () => {
    expect(byteAxisScale(3)).toEqual({ interval: 1, max: 3 });
    expect(byteAxisScale(0)).toBeUndefined();
  });
});
