import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawAfterPaint } from './draw-schedule';

/** A box whose size reads are counted, as each read after a DOM change forces a layout. */
function box(width: number, height: number, log: string[]) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { get: () => (log.push(`read ${width}`), width) });
  Object.defineProperty(element, 'clientHeight', { get: () => height });
  return element;
}

describe('charts drawn after the next paint', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const paint = () => frames.splice(0).forEach((frame) => frame(0));

  it('waits for the frame and the paint after it, then draws every waiting chart in one go, sizes read first', () => {
    const log: string[] = [];
    const draw = (name: string) => (size: { width: number; height: number }) =>
      log.push(`draw ${name} ${size.width}x${size.height}`);
    drawAfterPaint(box(300, 200, log), draw('map'));
    drawAfterPaint(box(120, 40, log), draw('sparkline'));
    expect(log).toEqual([]);
    // The frame's callback runs before the paint: still nothing drawn.
    paint();
    expect(log).toEqual([]);
    vi.runAllTimers();
    expect(log).toEqual(['read 300', 'read 120', 'draw map 300x200', 'draw sparkline 120x40']);
    // Only one frame was asked for, for both.
    expect(frames).toEqual([]);
  });

  it('draws nothing for a chart that left before the paint, and the others still', () => {
    const drawn: string[] = [];
    const cancel = drawAfterPaint(box(1, 1, []), () => drawn.push('gone'));
    drawAfterPaint(box(1, 1, []), () => drawn.push('kept'));
    cancel();
    paint();
    vi.runAllTimers();
    expect(drawn).toEqual(['kept']);
  });

  it('asks for no paint at all once every waiting chart has left, and asks again for the next one', () => {
    const drawn: string[] = [];
    drawAfterPaint(box(1, 1, []), () => drawn.push('gone'))();
    paint();
    vi.runAllTimers();
    expect(drawn).toEqual([]);
    drawAfterPaint(box(1, 1, []), () => drawn.push('next'));
    paint();
    vi.runAllTimers();
    expect(drawn).toEqual(['next']);
  });
});
