/** Timers that stop() can cut short, so it never waits out a 10 s backoff. */
export class Pauses {
  private readonly waiting = new Set<() => void>();
  private closed = false;

  /** Resolves after `ms`, at once after wakeAll(). */
  pause(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting.add(done);
    });
  }

  /** Ends every pause now and every later one at once. */
  wakeAll(): void {
    this.closed = true;
    for (const done of [...this.waiting]) done();
  }
}
