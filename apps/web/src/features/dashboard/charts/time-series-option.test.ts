import { describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { buildTimeSeriesOption, chartBuckets, fillBuckets, timeSeriesTooltip } from './time-series-option';
import { formatTimeTick, formatTooltipTime } from './time-labels';
import { zoomFromBrush } from './time-series-zoom';

initI18n();

const MINUTE = 60_000;
const at = (minute: number) => Date.UTC(2026, 10, 23, 10, minute);

interface BuiltOption {
  series: { type: string; name: string; data: [number, number][]; stack?: string; areaStyle?: object }[];
  xAxis: { min: number; max: number; axisLabel: { formatter: (value: number) => string } };
  yAxis: { axisLabel: { formatter: (value: number) => string } };
  brush?: { brushType: string };
  legend: { show?: boolean };
}

/** The short name of the test machine's zone at `time`, as the tooltips write it in English. */
const zoneName = (time: number) =>
  new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(time).find((p) => p.type === 'timeZoneName')
    ?.value ?? '';

describe('buckets', () => {
  it('fills every bucket of the range, missing ones as 0', () => {
    const buckets = chartBuckets([], MINUTE, { from: at(0), to: at(5) });
    expect(buckets).toEqual([at(0), at(1), at(2), at(3), at(4)]);
    expect(
      fillBuckets(
        [
          { t: at(1), v: 7 },
          { t: at(3), v: 2 },
        ],
        buckets,
        MINUTE,
      ),
    ).toEqual([
      [at(0), 0],
      [at(1), 7],
      [at(2), 0],
      [at(3), 2],
      [at(4), 0],
    ]);
  });

  it('without a range spans the first to the last point of any series', () => {
    const series = [
      { key: 'a', label: 'a', points: [{ t: at(2), v: 1 }] },
      { key: 'b', label: 'b', points: [{ t: at(4), v: 1 }] },
    ];
    expect(chartBuckets(series, MINUTE)).toEqual([at(2), at(3), at(4)]);
    expect(chartBuckets([{ key: null, label: 'x', points: [] }], MINUTE)).toEqual([]);
  });

  it('adds a point that is off the grid to the bucket it falls in', () => {
    expect(
      fillBuckets(
        [
          { t: at(1) + 5000, v: 2 },
          { t: at(1), v: 1 },
        ],
        [at(1)],
        MINUTE,
      ),
    ).toEqual([[at(1), 3]]);
  });

  it('refuses a bucket width that is not positive', () => {
    expect(() => chartBuckets([], 0)).toThrow(RangeError);
  });
});

describe('buildTimeSeriesOption', () => {
  const series = [
    { key: 'CN', label: 'China', points: [{ t: at(0), v: 1200 }] },
    { key: 'US', label: 'United <States>', points: [{ t: at(2), v: 3 }] },
  ];
  const build = (visualization: 'line' | 'area' | 'bar', zoomable = false) =>
    buildTimeSeriesOption({
      series,
      metric: 'requests',
      visualization,
      bucketMs: MINUTE,
      language: 'en-US',
      range: { from: at(0), to: at(3) },
      zoomable,
    }) as unknown as BuiltOption;

  it('draws one series per group with every bucket filled, over the whole range', () => {
    const option = build('line');
    expect(option.series.map((s) => s.name)).toEqual(['China', 'United <States>']);
    expect(option.series[1]?.data).toEqual([
      [at(0), 0],
      [at(1), 0],
      [at(2), 3],
    ]);
    expect([option.xAxis.min, option.xAxis.max]).toEqual([at(0), at(3)]);
    expect(option.legend.show).toBeUndefined();
  });

  it('names the one series of a grouped chart, and none of the plain total', () => {
    const legendOf = (key: string | null) =>
      (
        buildTimeSeriesOption({
          series: [{ key, label: key === null ? 'Requests' : 'Deny', points: [{ t: at(0), v: 3 }] }],
          metric: 'requests',
          visualization: 'line',
          bucketMs: MINUTE,
          language: 'en-US',
        }) as unknown as BuiltOption
      ).legend.show;
    expect(legendOf('01')).toBeUndefined();
    expect(legendOf(null)).toBe(false);
  });

  it('stacks areas and bars but not lines', () => {
    expect(build('line').series[0]).not.toHaveProperty('stack');
    expect(build('area').series[0]).toMatchObject({ type: 'line', stack: 'total', areaStyle: {} });
    expect(build('bar').series[0]).toMatchObject({ type: 'bar', stack: 'total' });
  });

  it('draws the brush only for a chart that can zoom', () => {
    expect(build('line').brush).toBeUndefined();
    expect(build('line', true).brush).toMatchObject({ brushType: 'lineX' });
  });

  it('labels the value axis with short figures and bytes with their unit', () => {
    expect(build('line').yAxis.axisLabel.formatter(12345)).toBe('12.3K req');
    expect(build('line').yAxis.axisLabel.formatter(350)).toBe('350 req');
    const bytes = buildTimeSeriesOption({
      series,
      metric: 'bytes',
      visualization: 'line',
      bucketMs: MINUTE,
      language: 'zh-CN',
    }) as unknown as BuiltOption;
    expect(bytes.yAxis.axisLabel.formatter(1536)).toBe('1.5 KB');
  });

  it('shows each value with its unit and rate in the tooltip, labels escaped', () => {
    const html = timeSeriesTooltip({ series, metric: 'requests', bucketMs: MINUTE, language: 'en-US' }, [
      { seriesIndex: 0, marker: '<i></i>', value: [at(0), 1200] },
      { seriesIndex: 1, marker: '', value: [at(0), 0] },
    ]);
    expect(html).toContain('<i></i>China: <b>1,200 requests</b> (20 req/s)');
    expect(html).toContain('United &lt;States&gt;: <b>0 requests</b> (0 req/s)');
    const bytes = timeSeriesTooltip({ series, metric: 'bytes', bucketMs: MINUTE, language: 'zh-TW' }, [
      { seriesIndex: 0, value: [at(0), 7_500_000] },
    ]);
    expect(bytes).toContain('China: <b>7.15 MB</b> (1 Mbps)');
  });
});

describe('partial buckets', () => {
  const SECOND = 1000;
  // Local time, as the tooltip shows it; 5 s buckets align the same in every time zone.
  const base = new Date(2026, 10, 23, 10, 0).getTime();
  // Steady 50 events/s on 5 s buckets: 250 a bucket. The range starts 2 s into the first bucket
  // and ends 3 s into the last, which the store therefore counts over 3 s each.
  const from = base + 2 * SECOND;
  const to = base + 13 * SECOND;
  const steady = [
    {
      key: null,
      label: 'Requests',
      points: [
        { t: base, v: 150 },
        { t: base + 5 * SECOND, v: 250 },
        { t: base + 10 * SECOND, v: 150 },
      ],
    },
  ];
  type Built = { series: { data: unknown[]; stack?: string; lineStyle?: { type?: string }; name: string }[] };
  const build = (visualization: 'line' | 'area' | 'bar') =>
    buildTimeSeriesOption({
      series: steady,
      metric: 'requests',
      visualization,
      bucketMs: 5 * SECOND,
      language: 'en-US',
      range: { from, to },
    }) as unknown as Built;

  it('stops the solid line before a bucket the range covers in part and draws the edges dashed', () => {
    const [whole, edges] = build('line').series;
    // The first bucket sits where its count starts, at `from`, not before the axis.
    expect(whole?.data).toEqual([
      [from, null],
      [base + 5 * SECOND, 250],
      [base + 10 * SECOND, null],
    ]);
    expect(edges).toMatchObject({ name: 'Requests', lineStyle: { type: 'dashed' } });
    expect(edges?.data).toEqual([
      [from, 150],
      { value: [base + 5 * SECOND, 250], symbol: 'none' },
      [base + 10 * SECOND, 150],
    ]);
  });

  it('stacks the edges of areas apart from the whole buckets, and lightens partial bars', () => {
    expect(build('area').series.map((s) => s.stack)).toEqual(['total', 'partial']);
    const bars = build('bar').series;
    expect(bars).toHaveLength(1);
    expect(bars[0]?.data).toEqual([
      { value: [base, 150], itemStyle: { opacity: 0.45 } },
      [base + 5 * SECOND, 250],
      { value: [base + 10 * SECOND, 150], itemStyle: { opacity: 0.45 } },
    ]);
  });

  it('draws a range of whole buckets as one solid line per series', () => {
    const option = buildTimeSeriesOption({
      series: steady,
      metric: 'requests',
      visualization: 'line',
      bucketMs: 5 * SECOND,
      language: 'en-US',
      range: { from: base, to: base + 15 * SECOND },
    }) as unknown as Built;
    expect(option.series).toHaveLength(1);
  });

  it('gives a partial bucket its rate over the part counted, and says which part that is', () => {
    const input = {
      series: steady,
      metric: 'requests' as const,
      bucketMs: 5 * SECOND,
      language: 'en-US',
      range: { from, to },
    };
    const plain = (text: string) => text.replace(/\s/g, ' ');
    // The whole line and its dashed edge both report the bucket they meet at: said once.
    const last = timeSeriesTooltip(input, [
      { seriesIndex: 0, value: [base + 10 * SECOND, null] },
      { seriesIndex: 1, value: [base + 10 * SECOND, 150] },
    ]);
    expect(plain(last)).toBe(
      `Nov 23, 2026, 10:00:10 ${zoneName(base)} – 10:00:13 ${zoneName(base)} (partial bucket)<br/>Requests: <b>150 requests</b> (50 req/s)`,
    );
    const first = timeSeriesTooltip(input, [{ seriesIndex: 1, value: [from, 150] }]);
    expect(plain(first)).toContain(`10:00:02 ${zoneName(base)} – 10:00:05 ${zoneName(base)} (partial bucket)`);
    expect(first).toContain('(50 req/s)');
    const whole = timeSeriesTooltip(input, [
      { seriesIndex: 0, value: [base + 5 * SECOND, 250] },
      { seriesIndex: 1, value: [base + 5 * SECOND, 250] },
    ]);
    expect(whole).not.toContain('partial');
    expect(whole.match(/Requests:/g)).toHaveLength(1);
    expect(whole).toContain('(50 req/s)');
    const zh = timeSeriesTooltip({ ...input, language: 'zh-TW' }, [{ seriesIndex: 1, value: [from, 150] }]);
    expect(zh).toContain('（不完整時段）');
    expect(zh).toContain('50 次/秒');
  });
});

describe('time labels', () => {
  const local = new Date(2026, 10, 23, 14, 5).getTime();
  const midnight = new Date(2026, 10, 24).getTime();

  it('shows the clock, and the date where a day begins on a long chart', () => {
    expect(formatTimeTick(local, 3 * 3600_000, MINUTE, 'en-US')).toBe('14:05');
    expect(formatTimeTick(local, 60_000, 5000, 'en-US')).toBe('14:05:00');
    expect(formatTimeTick(midnight, 3 * 86_400_000, 3600_000, 'en-US')).toBe('Nov 24');
    expect(formatTimeTick(midnight, 3 * 86_400_000, 3600_000, 'zh-CN')).toBe('11月24日');
  });

  it('names the bucket in the tooltip as a span in the language', () => {
    // Intl separates a range with thin spaces.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    const zone = (language: string) =>
      new Intl.DateTimeFormat(language, { timeZoneName: 'short' })
        .formatToParts(local)
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    expect(plain(formatTooltipTime(local, 5 * MINUTE, 'en-US'))).toBe(`Nov 23, 2026, 14:05 – 14:10 ${zone('en-US')}`);
    expect(plain(formatTooltipTime(local, 5 * MINUTE, 'zh-CN'))).toBe(`2026/11/23 ${zone('zh-CN')} 14:05–14:10`);
  });

  it('names the zones of a bucket across a clock change, so it never reads backwards or twice', () => {
    // New York's clocks went back at 2026-11-01 06:00Z.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    const ny = 'America/New_York';
    const before = formatTooltipTime(Date.parse('2026-11-01T05:55:00Z'), 5 * MINUTE, 'en-US', ny);
    const after = formatTooltipTime(Date.parse('2026-11-01T06:00:00Z'), 5 * MINUTE, 'en-US', ny);
    const hourBefore = formatTooltipTime(Date.parse('2026-11-01T05:00:00Z'), 60 * MINUTE, 'en-US', ny);
    expect(plain(before)).toBe('Nov 1, 2026, 01:55 EDT – Nov 1, 2026, 01:00 EST');
    expect(plain(after)).toBe('Nov 1, 2026, 01:00 – 01:05 EST');
    expect(plain(hourBefore)).toBe('Nov 1, 2026, 01:00 EDT – Nov 1, 2026, 01:00 EST');
  });
});

describe('zoomFromBrush', () => {
  const brushEnd = (range: [number, number], coordRange: [number, number]) => ({
    type: 'brushEnd',
    areas: [{ brushType: 'lineX', range, coordRange }],
  });

  it('turns a drag into the whole buckets it touched', () => {
    expect(zoomFromBrush(brushEnd([100, 300], [at(1) + 20_000, at(4) + 1000]), MINUTE)).toEqual({
      from: at(1),
      to: at(5),
    });
  });

  it('takes a drag from right to left the same way', () => {
    expect(zoomFromBrush(brushEnd([300, 100], [at(4), at(2)]), MINUTE)).toEqual({ from: at(2), to: at(4) });
  });

  it('ignores a click, a cleared selection and malformed events', () => {
    expect(zoomFromBrush(brushEnd([100, 102], [at(1), at(1) + 500]), MINUTE)).toBeUndefined();
    expect(zoomFromBrush({ type: 'brushEnd', areas: [] }, MINUTE)).toBeUndefined();
    expect(zoomFromBrush({ areas: [{ range: [0, 100] }] }, MINUTE)).toBeUndefined();
    expect(zoomFromBrush(null, MINUTE)).toBeUndefined();
  });
});
