import { z } from 'zod';
import { text } from './text.js';

/**
 * Deploying (spec §4, ARCHITECTURE §7): a change the edge must apply becomes a task; the entity
 * shows Deploying until its task ends, then Running again.
 */
export const ENTITY_STATUSES = ['Running', 'Deploying'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
export const entityStatusSchema = z.enum(ENTITY_STATUSES);

/**
 * Why a deployment failed, as a code the console translates, kept in the item's `lastError`
 * (and the task's `error`). What the system said (an errno, a path) goes to the server log only.
 */
export const DEPLOY_FAILURE_CODES = ['edge_apply_failed', 'edge_config_refused'] as const;
export type DeployFailureCode = (typeof DEPLOY_FAILURE_CODES)[number];
export const isDeployFailureCode = (value: string): value is DeployFailureCode =>
  (DEPLOY_FAILURE_CODES as readonly string[]).includes(value);

export const TASK_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** The kinds of entity a task deploys. */
export const DEPLOY_ENTITIES = ['cert', 'html-page', 'origin-policy', 'service-line', 'waf-rule'] as const;
export type DeployEntity = (typeof DEPLOY_ENTITIES)[number];
/** publish: write what the edge serves; remove: take it away; purge: clear cached objects. */
export const TASK_OPERATIONS = ['publish', 'remove', 'purge'] as const;
export type TaskOperation = (typeof TASK_OPERATIONS)[number];

export const TASK_API = { task: '/tasks/:taskNo' } as const;

export const taskSchema = z
  .object({
    taskNo: text(),
    groupName: text(),
    entity: z.enum(DEPLOY_ENTITIES),
    entityId: text(),
    entityName: text(),
    operation: z.enum(TASK_OPERATIONS),
    state: z.enum(TASK_STATES),
    error: text().nullable(),
    /** With `edge_config_refused`: nginx's reason, naming files of the generation, not paths. */
    errorDetail: text().nullable(),
    createdAt: z.number(),
    startedAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
  })
  .meta({ id: 'DeployTask' });
export type DeployTask = z.infer<typeof taskSchema>;
export const taskParamsSchema = z.object({ taskNo: text().min(1).max(64) });
