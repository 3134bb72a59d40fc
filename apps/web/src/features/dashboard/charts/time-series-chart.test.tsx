import { fireEvent, render, screen } from '@testing-library/react';
import { SVGRenderer } from 'echarts/renderers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { echarts } from './echarts';
import { TimeSeriesChart } from './time-series-chart';

echarts.use([SVGRenderer]);

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

// happy-dom lays nothing out; ECharts sizes itself from the box's client size.
const sizes = { clientWidth: 600, clientHeight: 300 };
const originals = Object.keys(sizes).map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(() => {
  for (const [name, size] of Object.entries(sizes))
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
});
afterAll(() => {
  for (const [name, descriptor] of originals)
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

function drag(element: Element, fromX: number, toX: number) {
  const at = (x: number) => ({ clientX: x, clientY: 150, offsetX: x, offsetY: 150, button: 0, pointerType: 'mouse' });
  fireEvent.mouseDown(element, at(fromX));
  fireEvent.mouseMove(element, at((fromX + toX) / 2));
  fireEvent.mouseMove(element, at(toX));
  fireEvent.mouseUp(element, at(toX));
}

describe('TimeSeriesChart', () => {
  it('draws its series with the SVG renderer', () => {
    render(
      <TimeSeriesChart
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
    drag(chart.firstElementChild ?? chart, 150, 400);
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
    const point: unknown = echarts.getInstanceByDom(chart)?.convertToPixel({ seriesIndex: 0 }, [from + 3 * MINUTE, 9]);
    const [x, y] = point as [number, number];
    const at = { clientX: x, clientY: y, offsetX: x, offsetY: y, button: 0 };
    const target = chart.firstElementChild ?? chart;
    fireEvent.mouseMove(target, at);
    fireEvent.mouseDown(target, at);
    fireEvent.mouseUp(target, at);
    fireEvent.click(target, at);
    expect(onSeriesClick).toHaveBeenCalledWith('CN');
    expect(onZoom).not.toHaveBeenCalled();
  });

  it('does not zoom on a click', () => {
    const onZoom = vi.fn();
    render(
      <TimeSeriesChart
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
    drag(chart.firstElementChild ?? chart, 300, 301);
    expect(onZoom).not.toHaveBeenCalled();
  });
});
