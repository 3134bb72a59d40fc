/**
 * When charts are first drawn. Drawing a chart (creating its ECharts instance and applying its
 * option) takes 20–100 ms on this machine, and when a query's answer arrives the charts' effects
 * run in the same task as React's commit, before the browser paints: a tile's figure, the
 * dashboard's largest paint, waited for every chart of the tab (docs/web-bench.md, "Charts after
 * the first paint"). So a new chart waits for the next paint, and the charts waiting then are
 * drawn together in one task, their boxes measured first: measured one by one, each read of a
 * size forced a layout the previous chart's new canvas had made stale.
 */

import { afterNextPaint, type Schedule } from '@/lib/after-paint';

/** A chart to draw, in a box of the size measured for it. */
export type Draw = (size: { width: number; height: number }) => void;

let schedule: Schedule = afterNextPaint;
const waiting = new Map<Element, Draw>();
let scheduled = false;
let cancelFlush: () => void = () => undefined;

function flush(): void {
  scheduled = false;
  const batch = [...waiting];
  waiting.clear();
  // Every size read before any chart is drawn: one layout for the batch.
  const sizes = batch.map(([element]) => ({ width: element.clientWidth, height: element.clientHeight }));
  batch.forEach(([, draw], i) => draw(sizes[i]!));
}

/** Draws the chart of `element` after the next paint, with the charts waiting then; answers how to cancel. */
export function drawAfterPaint(element: Element, draw: Draw): () => void {
  waiting.set(element, draw);
  if (!scheduled) {
    scheduled = true;
    // A schedule that runs at once has flushed by the time it answers.
    const cancel = schedule(flush);
    if (scheduled) cancelFlush = cancel;
  }
  return () => {
    waiting.delete(element);
    if (waiting.size === 0 && scheduled) {
      cancelFlush();
      scheduled = false;
    }
  };
}

/**
 * Tests draw at once, in the render's own act(), as they read the chart right after rendering
 * it (chart-test-kit.ts); `'after-paint'` is the browser's way.
 */
export function setDrawSchedule(next: 'now' | 'after-paint'): void {
  schedule =
    next === 'now'
      ? (run) => {
          run();
          return () => undefined;
        }
      : afterNextPaint;
}
