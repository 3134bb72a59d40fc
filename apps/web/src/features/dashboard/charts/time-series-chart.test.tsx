import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clickChartAt, dragAcrossChart, pixelOf, setUpChartTests } from './chart-test-kit';
import { echarts } from './echarts';
import { TimeSeriesChart } from './time-series-chart';

const MINUTE = 60_000;
const from = Date.UTC(2026, 10, 23, 10, 0);
const to = from + 10 * MINUTE;
const series = [
  {
    key: 'CN',
    label: 'China',
    points: [
      { t: from, v: 5 },
      { t: from + 3 * MINUTE, v: 9 },
    ],
  },
  { key: 'US', label: 'United States', points: [{ t: from + MINUTE, v: 2 }] },
];

setUpChartTests(600, 300);

describe('TimeSeriesChart', () => {
  it('draws its series with the SVG renderer', () => {
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={series}
        metric="requests"
        visualization="area"
        bucketMs={MINUTE}
        language="en-US"
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('time-series-chart');
    expect(chart.querySelector('svg path')).not.toBeNull();
    expect(chart.textContent).toContain('China');
  });

  it('says there is no data when no series has a point', () => {
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={[]}
        metric="bytes"
        visualization="line"
        bucketMs={MINUTE}
        language="zh-TW"
        renderer="svg"
      />,
    );
    expect(screen.getByText('暫無資料')).toBeTruthy();
  });

  it('draws no traffic over a known range as 0, not as missing data', () => {
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={[{ key: null, label: 'Requests', points: [] }]}
        metric="requests"
        visualization="line"
        bucketMs={MINUTE}
        language="en-US"
        range={{ from, to }}
        renderer="svg"
      />,
    );
    expect(screen.queryByText('No data')).toBeNull();
    expect(screen.getByTestId('time-series-chart').querySelector('svg path')).not.toBeNull();
  });

  it('zooms to the whole buckets a mouse drag covered', () => {
    const onZoom = vi.fn();
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={series}
        metric="requests"
        visualization="line"
        bucketMs={MINUTE}
        language="en-US"
        range={{ from, to }}
        onZoom={onZoom}
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('time-series-chart');
    dragAcrossChart(chart, 150, 400, 150);
    expect(onZoom).toHaveBeenCalledOnce();
    const [zoomFrom, zoomTo] = onZoom.mock.calls[0] as [number, number];
    expect(zoomFrom % MINUTE).toBe(0);
    expect(zoomTo % MINUTE).toBe(0);
    expect(zoomFrom).toBeGreaterThan(from);
    expect(zoomTo).toBeLessThan(to);
    expect(zoomTo - zoomFrom).toBeGreaterThanOrEqual(3 * MINUTE);
  });

  it('reports a click on a grouped series while a drag would zoom', () => {
    const onZoom = vi.fn();
    const onSeriesClick = vi.fn();
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={series}
        metric="requests"
        visualization="line"
        bucketMs={MINUTE}
        language="en-US"
        range={{ from, to }}
        onZoom={onZoom}
        onSeriesClick={onSeriesClick}
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('time-series-chart');
    clickChartAt(chart, pixelOf(chart, { seriesIndex: 0 }, [from + 3 * MINUTE, 9]));
    expect(onSeriesClick).toHaveBeenCalledWith('CN');
    expect(onZoom).not.toHaveBeenCalled();
  });

  it('draws a bucket the range covers in part dashed, in its series colour, and filters by it on click', () => {
    const onSeriesClick = vi.fn();
    const partialTo = to - MINUTE / 2;
    const withLast = [{ ...series[0]!, points: [...series[0]!.points, { t: from + 9 * MINUTE, v: 4 }] }, series[1]!];
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={withLast}
        metric="requests"
        visualization="line"
        bucketMs={MINUTE}
        language="en-US"
        range={{ from, to: partialTo }}
        onSeriesClick={onSeriesClick}
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('time-series-chart');
    const dashed = [...chart.querySelectorAll('path[stroke-dasharray]')];
    const solid = [...chart.querySelectorAll('path[stroke]:not([stroke-dasharray])')];
    expect(dashed.length).toBeGreaterThanOrEqual(2);
    // The dashed edge of China is drawn in China's colour, not the next one of the palette.
    const colours = new Set(solid.map((path) => path.getAttribute('stroke')));
    expect(dashed.every((path) => colours.has(path.getAttribute('stroke')))).toBe(true);
    // The edges are ECharts series 2 and 3 (after the two whole lines): a click still names China.
    clickChartAt(chart, pixelOf(chart, { seriesIndex: 2 }, [from + 9 * MINUTE, 4]));
    expect(onSeriesClick).toHaveBeenCalledWith('CN');
  });

  it('redraws when the data changes, not when the same data comes in a new array', () => {
    const chartOf = (data: typeof series) => (
      <TimeSeriesChart
        ariaLabel="Requests"
        series={data}
        metric="requests"
        visualization="line"
        bucketMs={MINUTE}
        language="en-US"
        renderer="svg"
      />
    );
    const { rerender } = render(chartOf(series));
    const chart = echarts.getInstanceByDom(screen.getByTestId('time-series-chart'));
    const setOption = vi.spyOn(chart as NonNullable<typeof chart>, 'setOption');
    rerender(chartOf(structuredClone(series)));
    expect(setOption).not.toHaveBeenCalled();
    rerender(chartOf([{ key: 'CN', label: 'China', points: [{ t: from, v: 6 }] }]));
    expect(setOption).toHaveBeenCalledOnce();
  });

  it('does not zoom on a click', () => {
    const onZoom = vi.fn();
    render(
      <TimeSeriesChart
        ariaLabel="Requests"
        series={series}
        metric="requests"
        visualization="bar"
        bucketMs={MINUTE}
        language="en-US"
        range={{ from, to }}
        onZoom={onZoom}
        renderer="svg"
      />,
    );
    const chart = screen.getByTestId('time-series-chart');
    dragAcrossChart(chart, 300, 301, 150);
    expect(onZoom).not.toHaveBeenCalled();
  });
});
