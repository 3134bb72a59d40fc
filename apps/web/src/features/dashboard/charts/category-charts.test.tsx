import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { BarChart, PieChart } from './category-charts';
import { buildBarOption, categoryTooltip, sliceShare } from './category-option';
import { clickChartAt, setUpChartTests } from './chart-test-kit';
import { SingleNumber } from './single-number';
import { buildSparklineOption } from './sparkline-option';

initI18n();

setUpChartTests(400, 260);

const cache = [
  { key: 'HIT', value: 3 * 1024 ** 2 },
  { key: 'MISS', value: 1024 ** 2 },
  { key: '-', label: 'Not cacheable', value: 512 },
];

describe('category options', () => {
  it('shows a category with its unit, and its share on a pie', () => {
    const input = { items: cache, metric: 'bytes' as const, language: 'en-US' };
    expect(categoryTooltip(input, { dataIndex: 0, percent: 74.99 })).toBe('HIT: <b>3 MB</b> (75%)');
    expect(categoryTooltip(input, [{ dataIndex: 2 }])).toBe('Not cacheable: <b>512 B</b>');
    expect(categoryTooltip(input, { dataIndex: 7 })).toBe('');
  });

  it('puts the categories on one axis and the values with their unit on the other', () => {
    const option = buildBarOption({
      items: cache,
      metric: 'bytes',
      language: 'zh-CN',
      horizontal: true,
    }) as unknown as {
      xAxis: { type: string; axisLabel: { formatter: (value: number) => string } };
      yAxis: { type: string; data: string[] };
    };
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['HIT', 'MISS', 'Not cacheable'] });
    expect(option.xAxis.axisLabel.formatter(2048)).toBe('2 KB');
  });

  it('gives request counts on the value axis their unit in every language', () => {
    type Axis = { yAxis: { axisLabel: { formatter: (value: number) => string } } };
    const tick = (language: string, value: number) =>
      (buildBarOption({ items: cache, metric: 'requests', language }) as unknown as Axis).yAxis.axisLabel.formatter(
        value,
      );
    expect(tick('zh-TW', 12_000)).toBe('1.2萬 次');
    expect(tick('zh-TW', 8000)).toBe('8,000 次');
    expect(tick('zh-CN', 10_000)).toBe('1万 次');
    expect(tick('en-US', 12_000)).toBe('12K req');
  });

  it('labels a slice with its share in the language of the page, a tiny one never as 0%', () => {
    const served = (language: string) => ({
      items: [
        { key: 'cache', value: 7_390 },
        { key: 'origin', value: 2_609 },
        { key: 'edge', value: 1 },
      ],
      metric: 'bytes' as const,
      language,
    });
    // ECharts hands over its share rounded to two decimals: 0 for the edge's 0.01%.
    expect(sliceShare(served('en-US'), { dataIndex: 0, percent: 73.9 })).toBe('73.9%');
    expect(sliceShare(served('en-US'), { dataIndex: 2, percent: 0 })).toBe('<0.1%');
    expect(sliceShare(served('zh-CN'), { dataIndex: 1, percent: 26.09 })).toBe('26.1%');
    expect(categoryTooltip(served('en-US'), { dataIndex: 2, percent: 0 })).toBe('edge: <b>1 B</b> (<0.1%)');
    expect(sliceShare(served('en-US'), {})).toBe('');
  });

  it('names every bar below it, tilting the names when there are many', () => {
    type Labels = { xAxis: { axisLabel: { interval: number; rotate?: number } } };
    const few = buildBarOption({ items: cache, metric: 'bytes', language: 'en-US' }) as unknown as Labels;
    expect(few.xAxis.axisLabel).toMatchObject({ interval: 0 });
    expect(few.xAxis.axisLabel.rotate).toBeUndefined();
    const statuses = ['HIT', 'MISS', 'EXPIRED', 'BYPASS', 'STALE', 'UPDATING', 'REVALIDATED'];
    const items = statuses.map((key, i) => ({ key, value: 100 - i }));
    const many = buildBarOption({ items, metric: 'requests', language: 'en-US' }) as unknown as Labels;
    expect(many.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 30 });
  });

  it('draws a sparkline with every bucket of the range, empty ones as 0', () => {
    const option = buildSparklineOption({
      points: [{ t: 60_000, v: 4 }],
      bucketMs: 60_000,
      range: { from: 0, to: 180_000 },
      color: '#14f',
    }) as unknown as { series: { data: [number, number][] }[] };
    expect(option.series[0]?.data).toEqual([
      [0, 0],
      [60_000, 4],
      [120_000, 0],
    ]);
    expect(option.series).toHaveLength(1);
  });

  it('draws the sparkline into a bucket still filling dashed, not as a drop', () => {
    const option = buildSparklineOption({
      points: [
        { t: 0, v: 250 },
        { t: 5000, v: 250 },
        { t: 10_000, v: 150 },
      ],
      bucketMs: 5000,
      range: { from: 0, to: 13_000 },
      color: '#14f',
    }) as unknown as { series: { data: unknown[]; lineStyle: { type?: string } }[] };
    expect(option.series[0]?.data).toEqual([
      [0, 250],
      [5000, 250],
      [10_000, null],
    ]);
    expect(option.series[1]?.lineStyle.type).toBe('dashed');
    expect(option.series[1]?.data).toEqual([[0, null], { value: [5000, 250], symbol: 'none' }, [10_000, 150]]);
  });
});

describe('category charts', () => {
  it('draws a pie and filters by a slice on click', () => {
    const onSelect = vi.fn();
    render(
      <PieChart
        ariaLabel="Requests"
        items={cache}
        metric="bytes"
        language="en-US"
        onSelect={onSelect}
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('pie-chart');
    expect(chart.querySelector('svg path')).not.toBeNull();
    // The middle of the largest slice: the ring's mid-radius, halfway round its angle from the top.
    const [cx, cy] = [200, 260 * 0.45];
    const radius = (Math.min(400, 260) / 2) * 0.55;
    const angle = Math.PI / 2 - ((3 / (4 + 512 / 1024 ** 2)) * Math.PI * 2) / 2;
    clickChartAt(chart, [cx + radius * Math.cos(angle), cy - radius * Math.sin(angle)]);
    expect(onSelect).toHaveBeenCalledWith('HIT', 'is');
  });

  it('draws bars, and says when there is nothing to draw', () => {
    render(<BarChart ariaLabel="Requests" items={cache} metric="requests" language="zh-TW" renderer="svg" />);
    expect(screen.getByTestId('bar-chart').querySelector('svg path')).not.toBeNull();
    render(<BarChart ariaLabel="Requests" items={[]} metric="requests" language="zh-TW" renderer="svg" />);
    expect(screen.getByText('暫無資料')).toBeTruthy();
  });
});

describe('SingleNumber', () => {
  it('shows a short figure with its unit, the exact one on hover, and a sparkline', async () => {
    render(
      <SingleNumber
        label="Total requests"
        value={12345}
        metric="requests"
        language="en-US"
        sparkline={{ points: [{ t: 0, v: 1 }], bucketMs: 60_000, range: { from: 0, to: 300_000 } }}
        renderer="svg"
      />,
    );
    const value = screen.getByTestId('single-number-value');
    expect(value.textContent).toBe('12.3K requests');
    expect(value.getAttribute('title')).toBe('12,345 requests');
    // The sparkline's code loads on its own (lazy-charts.tsx): the figure shows without waiting for it.
    await waitFor(() => expect(screen.getByTestId('single-number').querySelector('svg')).not.toBeNull());
    // The sparkline is an image named after the tile, in the tile's language.
    expect(screen.getByRole('img', { name: 'Total requests over time' })).toBeTruthy();
  });
});
