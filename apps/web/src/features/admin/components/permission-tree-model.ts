import {
  can,
  fullAccess,
  PERMISSION_NAMES,
  PERMISSIONS,
  readOnlyAccess,
  type AccessKind,
  type Permission,
  type RolePermissions,
} from '@parapet/shared';

export interface Flags {
  read: boolean;
  write: boolean;
}
export interface PermissionNode extends Flags {
  children: Record<string, Flags>;
}
/** Every permission with its flags and every named child's, all spelled out (the editor's state). */
export type PermissionTree = Record<Permission, PermissionNode>;

export const ROLE_PRESETS = ['full', 'readOnly', 'custom'] as const;
export type RolePreset = (typeof ROLE_PRESETS)[number];

const childrenOf = (permission: Permission): readonly string[] => PERMISSIONS[permission];

/** The flags a role grants, read through the shared `can` so the editor shows what the guards decide. */
export function treeFromRole(rolePermissions: RolePermissions): PermissionTree {
  const member = { privilege: 'user' as const, inGroupsRole: [{ groupName: 'g', rolePermissions }] };
  const flags = (permission: Permission, child?: string): Flags => {
    const has = (access: AccessKind) => can(member, 'g', { permission, child, access });
    return { read: has('read'), write: has('write') };
  };
  return Object.fromEntries(
    PERMISSION_NAMES.map((permission) => [
      permission,
      {
        ...flags(permission),
        children: Object.fromEntries(childrenOf(permission).map((child) => [child, flags(permission, child)])),
      },
    ]),
  ) as PermissionTree;
}

/**
 * The role to send: each permission's read and write; a child only where it differs from its
 * parent (an absent child follows the parent, spec §3), so the presets come out exactly as
 * the shared `fullAccess()` and `readOnlyAccess()`.
 */
export function roleFromTree(tree: PermissionTree): RolePermissions {
  return Object.fromEntries(
    PERMISSION_NAMES.map((permission) => {
      const { read, write, children } = tree[permission];
      const own = Object.entries(children).filter(([, c]) => c.read !== read || c.write !== write);
      return [
        permission,
        own.length
          ? {
              read,
              write,
              children: Object.fromEntries(own.map(([name, c]) => [name, { read: c.read, write: c.write }])),
            }
          : { read, write },
      ];
    }),
  );
}

const mapChildren = (node: PermissionNode, change: (flags: Flags) => Flags): Record<string, Flags> =>
  Object.fromEntries(Object.entries(node.children).map(([name, flags]) => [name, change(flags)]));

/**
 * One switch turned. Write implies read (write on turns read on; read off turns write off).
 * A permission's switch carries its children along; a child switched on opens its parent's
 * read too, since a settings tab is reached through the page.
 */
export function setFlag(
  tree: PermissionTree,
  permission: Permission,
  child: string | undefined,
  kind: AccessKind,
  value: boolean,
): PermissionTree {
  const node = tree[permission];
  const apply = (flags: Flags): Flags => {
    if (kind === 'read') return value ? { ...flags, read: true } : { read: false, write: false };
    return value ? { read: true, write: true } : { ...flags, write: false };
  };
  if (child === undefined) return { ...tree, [permission]: { ...apply(node), children: mapChildren(node, apply) } };
  const current = node.children[child];
  if (!current) return tree;
  const parent = value ? { read: true, write: node.write } : { read: node.read, write: node.write };
  return { ...tree, [permission]: { ...parent, children: { ...node.children, [child]: apply(current) } } };
}

export function roleOfPreset(preset: Exclude<RolePreset, 'custom'>): RolePermissions {
  return preset === 'full' ? fullAccess() : readOnlyAccess();
}

/** Which preset a role amounts to, or custom. */
export function presetOf(rolePermissions: RolePermissions): RolePreset {
  const normal = JSON.stringify(roleFromTree(treeFromRole(rolePermissions)));
  if (normal === JSON.stringify(roleOfPreset('full'))) return 'full';
  if (normal === JSON.stringify(roleOfPreset('readOnly'))) return 'readOnly';
  return 'custom';
}
