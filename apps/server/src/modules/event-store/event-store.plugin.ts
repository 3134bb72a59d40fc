import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { EventStoreBusyError, type EventStore } from './event-store.js';
import { DUCKDB_EVENTS_FILE, openDuckDbEventStore } from './duckdb-store.js';
import { openClickHouseEventStore } from './clickhouse-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The request-event store (ARCHITECTURE §8), opened on first use. */
    events: EventStoreHandle;
  }
}

export interface EventStoreHandle {
  /** The one store of this server; every caller gets the same instance. */
  get(): Promise<EventStore>;
  /** Whether the store was opened (or handed in) already: the retention purge opens nothing. */
  isOpen(): boolean;
  /**
   * Whether there can be events to purge or move: a store already open, a ClickHouse server, or
   * an events file left by an earlier run. A server that never got an event never creates a
   * DuckDB file just to find it empty.
   */
  mayHoldEvents(): boolean;
}

export interface EventStorePluginOptions {
  /** Tests hand in a store of their own (chdb, or one they fill first). */
  store?: EventStore;
}

/**
 * Opens the event store lazily: most requests never touch events, and DuckDB takes one writing
 * process per file, so a server that never ingests or reads events never holds the file. The
 * embedded default is DATA_DIR/events.duckdb; with CLICKHOUSE_URL set, the ClickHouse server
 * there holds the events instead (docs/clickhouse.md).
 */
export const eventStorePlugin = fp<EventStorePluginOptions>(async (app, options) => {
  let opening: Promise<EventStore> | undefined = options.store ? Promise.resolve(options.store) : undefined;
  const { clickhouseUrl } = app.config;
  const open = (): Promise<EventStore> =>
    clickhouseUrl
      ? openClickHouseEventStore({ url: clickhouseUrl })
      : openDuckDbEventStore(join(app.config.dataDir, DUCKDB_EVENTS_FILE), app.config.duckdb);
  app.decorate('events', {
    isOpen: () => opening !== undefined,
    mayHoldEvents: () =>
      opening !== undefined || Boolean(clickhouseUrl) || existsSync(join(app.config.dataDir, DUCKDB_EVENTS_FILE)),
    get: () => {
      opening ??= open().catch((error: unknown) => {
        // A failed open is retried by the next caller rather than cached.
        opening = undefined;
        throw error;
      });
      return opening;
    },
  });
  // A busy store's 503 says when to come back (RFC 9110 §10.2.3); the error handler sends the body.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof EventStoreBusyError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });
  app.addHook('onClose', async () => {
    if (!opening) return;
    const store = await opening.catch(() => undefined);
    await store?.close();
  });
});
