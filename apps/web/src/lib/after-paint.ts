import { useEffect, useState } from 'react';

/** Runs `run` once; answers how to cancel it. */
export type Schedule = (run: () => void) => () => void;

/** After the next paint: the frame's callback runs before it, a task queued there after it. */
export const afterNextPaint: Schedule = (run) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

let laterParts: 'after-paint' | 'now' = 'after-paint';

/**
 * Whether a part of a screen that can wait (the sidebar's menu) may render: false on the
 * screen's first render, true once that render has been painted. The screen's own content is
 * then drawn without the part's render cost in front of it: on a slow machine Ant Design's menu
 * took 130-230 ms of the signed-in frame's first render, before the dashboard's first widget
 * (docs/web-bench.md).
 */
export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(laterParts === 'now');
  useEffect(() => (shown ? undefined : afterNextPaint(() => setShown(true))), [shown]);
  return shown;
}

/**
 * Tests render those parts with the rest (`'now'`), as they read them right after rendering
 * (test/setup.ts); `'after-paint'` is the browser's way.
 */
export function setLaterParts(next: 'after-paint' | 'now'): void {
  laterParts = next;
}
