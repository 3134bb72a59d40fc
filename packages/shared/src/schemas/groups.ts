import { z } from 'zod';
import { text } from './text.js';
import { PLAN_NAMES, RESOURCE_LIMIT_KEYS, WAF_ACTIONS, type PlanSpec } from '../plans.js';
import { ALL_GROUPS } from '../permissions.js';
import { emailSchema, newPasswordSchema, usernameSchema } from './account.js';
import { rolePermissionsSchema } from './user.js';

/** Group names: lower-case letters, digits, _ and -, 2–32 characters; "all" is reserved. */
export const GROUP_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;
export const groupNameSchema = text()
  .trim()
  .regex(GROUP_NAME_PATTERN)
  .refine((v) => v !== ALL_GROUPS, { message: 'reserved' });

export const planNameSchema = z.enum(PLAN_NAMES);
const resourceLimitsSchema = z.record(z.enum(RESOURCE_LIMIT_KEYS), z.number());

export const planSpecSchema = z
  .object({
    planName: planNameSchema,
    dnsPodPlan: text(),
    wafActions: z.array(
      z.enum(Object.keys(WAF_ACTIONS) as [keyof typeof WAF_ACTIONS, ...(keyof typeof WAF_ACTIONS)[]]),
    ),
    features: z.array(text()),
    resourceLimits: resourceLimitsSchema,
    packages: z.array(text()),
  })
  .meta({ id: 'PlanSpec' }) satisfies z.ZodType<PlanSpec>;

/** GET /system/platformplan: spec §3 platformPlan. */
export const platformPlanSchema = z
  .object({ currentPlan: planNameSchema, planSpec: z.array(planSpecSchema) })
  .meta({ id: 'PlatformPlan' });
export type PlatformPlan = z.infer<typeof platformPlanSchema>;

export const groupSchema = z
  .object({
    name: text(),
    plan: planNameSchema,
    memberCount: z.number().int(),
    createdAt: z.number(),
    version: z.number().int(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof groupSchema>;

export const groupListSchema = z.object({ items: z.array(groupSchema) }).meta({ id: 'GroupList' });

export const createGroupSchema = z
  .object({ name: groupNameSchema, plan: planNameSchema.optional() })
  .meta({ id: 'CreateGroup' });
export const updateGroupSchema = z
  .object({ name: groupNameSchema.optional(), plan: planNameSchema.optional(), version: z.number().int() })
  .meta({ id: 'UpdateGroup' });

export const groupParamsSchema = z.object({ groupName: text().min(1).max(64) });
export const memberParamsSchema = groupParamsSchema.extend({ username: text().min(1).max(64) });

export const memberSchema = z
  .object({ username: text(), email: text(), disabled: z.boolean(), rolePermissions: rolePermissionsSchema })
  .meta({ id: 'Member' });
export const memberListSchema = z.object({ items: z.array(memberSchema) }).meta({ id: 'MemberList' });
export const putMemberSchema = z.object({ rolePermissions: rolePermissionsSchema }).meta({ id: 'PutMember' });

/** GET /group/resource-limits?groupName=: the plan's limits beside what the group uses. */
export const resourceLimitsAnswerSchema = z
  .object({
    groupName: text(),
    plan: planSpecSchema,
    usage: z.record(text(), z.number()),
  })
  .meta({ id: 'ResourceLimits' });
export type ResourceLimitsAnswer = z.infer<typeof resourceLimitsAnswerSchema>;
export const groupQuerySchema = z.object({ groupName: text().min(1).max(64) });

export const adminUserSchema = z
  .object({
    username: text(),
    email: text(),
    privilege: z.enum(['admin', 'user']),
    disabled: z.boolean(),
    emailConfirmed: z.boolean(),
    otpEnabled: z.boolean(),
    groups: z.array(text()),
    createdAt: z.number(),
  })
  .meta({ id: 'AdminUser' });
export const adminUserListSchema = z
  .object({ items: z.array(adminUserSchema), total: z.number().int() })
  .meta({ id: 'AdminUserList' });
export const adminUserQuerySchema = z.object({
  search: text().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
/** POST /admin/users: an administrator creates a confirmed account. */
export const createUserSchema = z
  .object({ username: usernameSchema, email: emailSchema, password: newPasswordSchema })
  .meta({ id: 'CreateUser' });

/** GET /system/prefs: spec §6 landing page and group list settings. */
export const platformPrefsSchema = z
  .object({ hasHomePage: z.boolean(), landingPagePath: text(), groupListWithAll: z.boolean() })
  .meta({ id: 'PlatformPrefs' });
export type PlatformPrefs = z.infer<typeof platformPrefsSchema>;

export const userParamsSchema = z.object({ username: text().min(1).max(64) });
export const setDisabledSchema = z.object({ disabled: z.boolean() }).meta({ id: 'SetDisabled' });

/** What an audit row records: a change, or a cache purge (which changes no setting). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'purge'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of the audit log: who changed what, when, from what to what. */
export const auditEntrySchema = z
  .object({
    id: text(),
    at: z.number(),
    actor: text(),
    groupName: text().nullable(),
    entity: text(),
    entityId: text(),
    action: z.enum(AUDIT_ACTIONS),
    before: z.record(text(), z.unknown()).nullable(),
    after: z.record(text(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  entity: text().min(1).max(64),
  entityId: text().min(1).max(128).optional(),
  groupName: text().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditListSchema = z.object({ items: z.array(auditEntrySchema) }).meta({ id: 'AuditList' });
