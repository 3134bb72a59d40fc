import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENT_EXPORT_MEDIA_TYPES,
  EVENT_LOG_API,
  eventExportFileName,
  eventLogCountQuerySchema,
  eventLogCountSchema,
  eventLogExportSchema,
  eventLogPageSchema,
  eventLogSearchSchema,
  text,
} from '@parapet/shared';
import { untilClientLeaves } from '../../core/client-leaves.js';
import { assertListedGroup } from '../../core/group-scope.js';
import { itemRouteErrors, sessionSecurity } from '../../core/item-routes.js';
import { eventStoreBusyResponse } from '../event-store/event-store.js';
import { countEventLog, exportEventLog, searchEventLog } from './event-logs.service.js';

const tags = ['event logs'];

/** What the OpenAPI document says the export answers: the file's text. */
const eventExportFileSchema = text().describe('CSV (with a header line) or NDJSON, one event a line');

/**
 * Fastify pipes a stream as it is and never runs it through the response schema, whose 200 only
 * documents the file; the type provider knows nothing of streams, hence the one cast.
 */
const asFileBody = (stream: Readable): string => stream as unknown as string;
const security = sessionSecurity;

// Every route here reads the event store, which answers 503 when too many reads wait.
const errors = { ...itemRouteErrors, ...eventStoreBusyResponse };

/**
 * The event log of one group (spec §2 Event Log): a page of the search, how many events it
 * matches, and the filtered set as a file.
 */
export const eventLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  /** One group, not "all"; a member reads it only with the event log's read permission. */
  const access = async (request: FastifyRequest, groupName: string) => {
    await assertListedGroup(app.store.db, groupName);
    await app.assertGroupAccess(request, groupName, { permission: 'eventLogs', access: 'read' });
  };

  app.post(
    EVENT_LOG_API.search,
    {
      schema: {
        tags,
        security,
        summary: "A page of a group's events in a time range, newest first, on a keyset cursor",
        body: eventLogSearchSchema,
        response: { 200: eventLogPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access(request, request.body.groupName);
      return searchEventLog(await app.events.get(), request.body, Date.now(), untilClientLeaves(reply));
    },
  );

  app.post(
    EVENT_LOG_API.count,
    {
      schema: {
        tags,
        security,
        summary: 'How many events a search of the event log pages through, counted at once',
        body: eventLogCountQuerySchema,
        response: { 200: eventLogCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      await access(request, request.body.groupName);
      return countEventLog(await app.events.get(), request.body, Date.now(), untilClientLeaves(reply));
    },
  );

  app.post(
    EVENT_LOG_API.exportEvents,
    {
      schema: {
        tags,
        security,
        summary: 'Download the filtered events as CSV or NDJSON, streamed, at most EVENT_EXPORT_MAX_ROWS rows',
        body: eventLogExportSchema,
        response: { 200: eventExportFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.body;
      await access(request, query.groupName);
      const lines = await exportEventLog(await app.events.get(), query, format, Date.now());
      return reply
        .type(EVENT_EXPORT_MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="${eventExportFileName(format)}"`)
        .header('cache-control', 'no-store')
        .send(asFileBody(Readable.from(lines, { objectMode: false })));
    },
  );
};
