import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENTITY_PERMISSION,
  TASK_API,
  errorBodySchema,
  taskParamsSchema,
  taskSchema,
  type DeployTask,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { findTask, type TaskRow } from './tasks.repository.js';

export const toTask = (row: TaskRow): DeployTask => ({
  taskNo: row.task_no,
  groupName: row.group_name,
  entity: row.entity,
  entityId: row.entity_id,
  entityName: row.entity_name,
  operation: row.operation,
  state: row.state,
  error: row.error,
  errorDetail: row.error_detail,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

/** A deploy task's state (spec §4 taskNo), for whoever may read the entity it deploys. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  app.get(
    TASK_API.task,
    {
      schema: {
        tags: ['deploying'],
        security: [{ session: [] }],
        summary: 'A deploy task and its state',
        params: taskParamsSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findTask(app.store.db, request.params.taskNo);
      if (!row) throw new AppError('NOT_FOUND');
      await app.assertGroupAccess(request, row.group_name, {
        permission: ENTITY_PERMISSION[row.entity],
        access: 'read',
      });
      return toTask(row);
    },
  );
};
