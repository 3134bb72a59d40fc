import { z } from 'zod';

export const PRIVILEGES = ['admin', 'user'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** A permission's read flag and its named children (spec §3 User, §6). */
export const permissionSchema = z.object({
  read: z.boolean(),
  children: z.record(z.string(), z.object({ read: z.boolean() })).optional(),
});
export const rolePermissionsSchema = z.record(z.string(), permissionSchema);
export type RolePermissions = z.infer<typeof rolePermissionsSchema>;

export const groupRoleSchema = z.object({
  groupName: z.string(),
  rolePermissions: rolePermissionsSchema,
});

/** Answer of GET /api/user: the signed-in user as the console sees it. */
export const currentUserSchema = z
  .object({
    username: z.string(),
    email: z.string(),
    privilege: z.enum(PRIVILEGES),
    phoneNumber: z.string().nullable(),
    hasAvatar: z.boolean(),
    otpEnabled: z.boolean(),
    inGroupsRole: z.array(groupRoleSchema),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;
