import { fireEvent } from '@testing-library/react';
import { SVGRenderer } from 'echarts/renderers';
import { afterAll, beforeAll } from 'vitest';
import { setDrawSchedule } from './draw-schedule';
import { echarts } from './echarts';

/**
 * What the chart tests share. Charts are drawn as they render, not after a paint, so a test
 * reads one right after rendering it. happy-dom lays nothing out, so a chart's box gets a client
 * size for ECharts to size itself from; the SVG renderer draws into the DOM, where the tests read
 * it; mouse events at a pixel reach zrender's hit testing as a user's would.
 */
export function setUpChartTests(width: number, height: number): void {
  echarts.use([SVGRenderer]);
  const sizes = { clientWidth: width, clientHeight: height };
  const originals = Object.keys(sizes).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  beforeAll(() => {
    setDrawSchedule('now');
    for (const [name, size] of Object.entries(sizes))
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
  });
  afterAll(() => {
    setDrawSchedule('after-paint');
    for (const [name, descriptor] of originals)
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
}

const at = (x: number, y: number) => ({ clientX: x, clientY: y, offsetX: x, offsetY: y, button: 0 });

/** The element zrender listens on: the first child of the chart's box. */
const surface = (chart: Element) => chart.firstElementChild ?? chart;

/** A click at a pixel of the chart, as the mouse makes one. */
export function clickChartAt(chart: Element, [x, y]: readonly [number, number]): void {
  const target = surface(chart);
  fireEvent.mouseMove(target, at(x, y));
  fireEvent.mouseDown(target, at(x, y));
  fireEvent.mouseUp(target, at(x, y));
  fireEvent.click(target, at(x, y));
}

/** A horizontal drag across the chart from one x to another. */
export function dragAcrossChart(chart: Element, fromX: number, toX: number, y: number): void {
  const target = surface(chart);
  fireEvent.mouseDown(target, at(fromX, y));
  fireEvent.mouseMove(target, at((fromX + toX) / 2, y));
  fireEvent.mouseMove(target, at(toX, y));
  fireEvent.mouseUp(target, at(toX, y));
}

/** Where a data value is drawn, in the chart's pixels. */
export function pixelOf(chart: HTMLElement, finder: { seriesIndex: number } | { geoIndex: number }, value: number[]) {
  const point: unknown = echarts.getInstanceByDom(chart)?.convertToPixel(finder, value);
  if (!Array.isArray(point) || point.length !== 2) throw new Error(`no pixel for ${JSON.stringify(value)}`);
  return point as [number, number];
}
