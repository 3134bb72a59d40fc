import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLaterParts, useAfterFirstPaint } from './after-paint';

function Later() {
  const shown = useAfterFirstPaint();
  return <p data-testid="later">{shown ? 'menu' : 'nothing yet'}</p>;
}

describe('a part drawn after the first paint', () => {
  let frames: FrameRequestCallback[];
  let asked: number;
  beforeEach(() => {
    setLaterParts('after-paint');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    frames = [];
    asked = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      asked += 1;
      return frames.push(callback);
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    setLaterParts('now');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const paint = () => frames.splice(0).forEach((frame) => frame(0));

  it('is left out of the first render and its frame, and rendered in the task after the paint', () => {
    render(<Later />);
    expect(screen.getByTestId('later').textContent).toBe('nothing yet');
    // The frame's callback runs before the paint: the part is still out of it.
    act(() => paint());
    expect(screen.getByTestId('later').textContent).toBe('nothing yet');
    act(() => vi.runAllTimers());
    expect(screen.getByTestId('later').textContent).toBe('menu');
    // Shown once, it asked for one frame and no more.
    expect(asked).toBe(1);
  });

  it('asks for nothing once the screen has gone before its paint', () => {
    const { unmount } = render(<Later />);
    unmount();
    act(() => paint());
    expect(() => act(() => vi.runAllTimers())).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders with the rest in tests that read the part at once', () => {
    setLaterParts('now');
    render(<Later />);
    expect(screen.getByTestId('later').textContent).toBe('menu');
    expect(asked).toBe(0);
  });
});
