import { AppError } from '../../lib/app-error.js';
import { EventReadAbortedError, EventStoreBusyError } from './event-store.js';

/** What a read meets once the server is shutting the store: the store does not answer (503). */
const closed = () => new AppError('STORE_UNAVAILABLE');

/** How a store's reads share its read connections (env DUCKDB_READERS, DUCKDB_READ_QUEUE, DUCKDB_READ_WAIT_MS). */
export interface ReadPoolLimits {
  /** Reads waiting for a connection beyond which a new read is refused at once. */
  maxWaiting: number;
  /** How long a read may wait for a connection before it is refused. */
  maxWaitMs: number;
}

interface Waiter<C> {
  take(connection: C): void;
  refuse(error: Error): void;
}

/**
 * Hands each read one of a fixed set of connections, first come first served. A read that finds
 * them all busy waits, but only behind a bounded number of others and for a bounded time: past
 * either it is refused with EventStoreBusyError, so an overloaded store answers 503 at once
 * instead of every caller timing out after its queue drained too late.
 */
export class ReadPool<C> {
  private readonly idle: C[];
  private readonly waiting: Waiter<C>[] = [];
  private active = 0;
  private closing = false;
  private drained: (() => void) | undefined;

  constructor(
    connections: readonly C[],
    private readonly limits: ReadPoolLimits,
  ) {
    this.idle = [...connections];
  }

  /**
   * Runs `work` on a connection of its own, once one is free. A read whose `signal` aborts while
   * it waits leaves the queue (EventReadAbortedError); once it runs, `work` sees to the signal.
   */
  async run<T>(work: (connection: C) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const connection = await this.acquire(signal);
    try {
      return await work(connection);
    } finally {
      this.release(connection);
    }
  }

  /** Reads waiting for a connection now (tests and the soak's figures). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Refuses what waits, then resolves once every running read has given its connection back. */
  close(): Promise<void> {
    this.closing = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(closed());
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => (this.drained = resolve));
  }

  private retryAfterSeconds(): number {
    // About how long the queue takes to drain at its longest: the wait a retry would meet.
    return Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000));
  }

  private acquire(signal: AbortSignal | undefined): Promise<C> {
    if (this.closing) return Promise.reject(closed());
    if (signal?.aborted) return Promise.reject(new EventReadAbortedError());
    const free = this.idle.pop();
    if (free !== undefined) {
      this.active++;
      return Promise.resolve(free);
    }
    if (this.waiting.length >= this.limits.maxWaiting) {
      return Promise.reject(new EventStoreBusyError(this.retryAfterSeconds()));
    }
    return new Promise<C>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', leave);
      };
      const waiter: Waiter<C> = {
        take: (connection) => {
          settle();
          this.active++;
          resolve(connection);
        },
        refuse: (error) => {
          settle();
          reject(error);
        },
      };
      const giveUp = (error: Error) => {
        settle();
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error);
      };
      const leave = () => giveUp(new EventReadAbortedError());
      const timer = setTimeout(() => giveUp(new EventStoreBusyError(this.retryAfterSeconds())), this.limits.maxWaitMs);
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  private release(connection: C): void {
    this.active--;
    const next = this.closing ? undefined : this.waiting.shift();
    if (next) {
      next.take(connection);
      return;
    }
    this.idle.push(connection);
    if (this.closing && this.active === 0) this.drained?.();
  }
}
