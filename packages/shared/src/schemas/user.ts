import { z } from 'zod';
import { text } from './text.js';

export const PRIVILEGES = ['admin', 'user'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** Read and write flags of one permission or one of its named children. */
export const accessSchema = z.object({ read: z.boolean(), write: z.boolean().optional() });

/**
 * A permission's flags and its named children (spec §3 User, §6). A child that is present
 * decides for itself; an absent child follows its parent.
 */
export const permissionSchema = accessSchema.extend({
  children: z.record(text(), accessSchema).optional(),
});
export const rolePermissionsSchema = z.record(text(), permissionSchema);
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

export const groupRoleSchema = z.object({
  groupName: text(),
  rolePermissions: rolePermissionsSchema,
});

/** Answer of GET /api/user: the signed-in user as the console sees it. */
export const currentUserSchema = z
  .object({
    username: text(),
    email: text(),
    privilege: z.enum(PRIVILEGES),
    phoneNumber: text().nullable(),
    hasAvatar: z.boolean(),
    otpEnabled: z.boolean(),
    inGroupsRole: z.array(groupRoleSchema),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
