import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpChartTests } from './chart-test-kit';
import { EChart } from './echart';
import { echarts, type EChartsCoreOption } from './echarts';

setUpChartTests(300, 200);

const bars = (values: number[]): EChartsCoreOption => ({
  xAxis: { type: 'category', data: values.map(String) },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: values }],
});

const seriesCount = (option: unknown) => (option as { series: unknown[] } | undefined)?.series.length;

describe('EChart', () => {
  it('is an image named by its label, as a canvas has no text of its own', () => {
    render(<EChart ariaLabel="Requests by country" option={bars([1])} height={200} renderer="svg" testId="chart" />);
    expect(screen.getByRole('img', { name: 'Requests by country' })).toBe(screen.getByTestId('chart'));
  });

  it('applies each new option whole, so a series that is gone does not linger', () => {
    const onOptionApplied = vi.fn();
    const two = {
      ...bars([1, 2]),
      series: [
        { type: 'bar', data: [1, 2] },
        { type: 'bar', data: [3, 4] },
      ],
    };
    const { container, rerender } = render(
      <EChart ariaLabel="Requests" option={two} height={200} renderer="svg" onOptionApplied={onOptionApplied} />,
    );
    const box = container.firstElementChild as HTMLElement;
    const chart = echarts.getInstanceByDom(box);
    expect(seriesCount(chart?.getOption())).toBe(2);
    rerender(
      <EChart ariaLabel="Requests" option={bars([5])} height={200} renderer="svg" onOptionApplied={onOptionApplied} />,
    );
    expect(seriesCount(chart?.getOption())).toBe(1);
    expect(onOptionApplied).toHaveBeenCalledTimes(2);
  });

  it('passes events up with the chart, to the latest handler', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const option = bars([1]);
    const { container, rerender } = render(
      <EChart ariaLabel="Requests" option={option} height={200} renderer="svg" events={{ custom: first }} />,
    );
    rerender(<EChart ariaLabel="Requests" option={option} height={200} renderer="svg" events={{ custom: latest }} />);
    const chart = echarts.getInstanceByDom(container.firstElementChild as HTMLElement);
    // ECharts instances are event emitters too; an event triggered on it reaches the handler.
    (chart as unknown as { trigger: (name: string, params: unknown) => void }).trigger('custom', { a: 1 });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ a: 1 }, chart);
  });

  it('disposes of the chart when it leaves the page', () => {
    const { container, unmount } = render(
      <EChart ariaLabel="Requests" option={bars([1])} height={200} renderer="svg" />,
    );
    const chart = echarts.getInstanceByDom(container.firstElementChild as HTMLElement);
    expect(chart).toBeDefined();
    // ECharts leaves the flag unset until it disposes.
    expect(chart?.isDisposed()).toBeFalsy();
    unmount();
    expect(chart?.isDisposed()).toBe(true);
  });
});
