import { useEffect, type ReactNode } from 'react';

/**
 * Wraps the console on both sides of a server render, so the trees match. In the browser, once
 * the console has committed (taken the server's view over, or replaced it), the root stops being
 * inert: the server's view ignores input until then rather than lose a click to a page that
 * cannot answer it yet.
 */
export function FirstViewTaken({ root, children }: { root?: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root?.removeAttribute('inert');
  }, [root]);
  return children;
}
