/**
 * Runs the work it is given one piece at a time, in the order given; a failure is its caller's
 * and never stops the pieces after it. Both event stores need this: a DuckDB connection runs
 * one statement at a time, and ClickHouse has no transaction to hold a dedupe lookup and its
 * INSERT together.
 */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };
}
