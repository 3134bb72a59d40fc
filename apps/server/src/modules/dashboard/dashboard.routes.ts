import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_API,
  dashboardActivityAnswerSchema,
  dashboardActivityRequestSchema,
  dashboardFilterValuesAnswerSchema,
  dashboardFilterValuesRequestSchema,
  dashboardSeriesAnswerSchema,
  dashboardSeriesRequestSchema,
  dashboardTopAnswerSchema,
  dashboardTopRequestSchema,
} from '@parapet/shared';
import { untilClientLeaves } from '../../core/client-leaves.js';
import { assertListedGroup } from '../../core/group-scope.js';
import { itemRouteErrors, sessionSecurity } from '../../core/item-routes.js';
import { eventStoreBusyResponse } from '../event-store/event-store.js';
import { readActivity, readFilterValues, readSeries, readTop } from './dashboard.service.js';

const tags = ['dashboard'];
const security = sessionSecurity;
// Every route here reads the event store, which answers 503 when too many reads wait.
const errors = { ...itemRouteErrors, ...eventStoreBusyResponse };

/**
 * The dashboard's figures of one group's events (GLOSSARY §8): series, top-N, filter values,
 * recent events. A tab asks six or more at once and asks them again when its range or filters
 * change; a read whose client left is let go (core/client-leaves.ts).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  /** One real group (not "all"), whose dashboard the caller may read; then its store. */
  const storeFor = async (request: FastifyRequest, groupName: string) => {
    await assertListedGroup(app.store.db, groupName);
    await app.assertGroupAccess(request, groupName, { permission: 'dashboard', access: 'read' });
    return app.events.get();
  };

  app.post(
    DASHBOARD_API.series,
    {
      schema: {
        tags,
        security,
        summary: "A group's requests or bytes over time, in buckets, optionally one series per value of a field",
        body: dashboardSeriesRequestSchema,
        response: { 200: dashboardSeriesAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      readSeries(await storeFor(request, request.body.groupName), request.body, Date.now(), untilClientLeaves(reply)),
  );

  app.post(
    DASHBOARD_API.top,
    {
      schema: {
        tags,
        security,
        summary: "The values of a field with the most requests or bytes in a group's range",
        body: dashboardTopRequestSchema,
        response: { 200: dashboardTopAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      readTop(await storeFor(request, request.body.groupName), request.body, Date.now(), untilClientLeaves(reply)),
  );

  app.post(
    DASHBOARD_API.filterValues,
    {
      schema: {
        tags,
        security,
        summary: "A field's most frequent values, offered by the dashboard's filter editor",
        body: dashboardFilterValuesRequestSchema,
        response: { 200: dashboardFilterValuesAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      readFilterValues(
        await storeFor(request, request.body.groupName),
        request.body,
        Date.now(),
        untilClientLeaves(reply),
      ),
  );

  app.post(
    DASHBOARD_API.activity,
    {
      schema: {
        tags,
        security,
        summary: "A group's most recent events matching the filters (the firewall activity log)",
        body: dashboardActivityRequestSchema,
        response: { 200: dashboardActivityAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      readActivity(await storeFor(request, request.body.groupName), request.body, Date.now(), untilClientLeaves(reply)),
  );
};
