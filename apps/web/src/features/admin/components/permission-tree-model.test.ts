import { fullAccess, readOnlyAccess } from '@parapet/shared';
import { describe, expect, it } from 'vitest';
import { presetOf, roleFromTree, setFlag, treeFromRole } from './permission-tree-model';

const none = () => treeFromRole({});

describe('permission tree', () => {
  it('round-trips the presets exactly as the shared functions build them', () => {
    expect(roleFromTree(treeFromRole(fullAccess()))).toEqual(fullAccess());
    expect(roleFromTree(treeFromRole(readOnlyAccess()))).toEqual(readOnlyAccess());
    expect(presetOf(fullAccess())).toBe('full');
    expect(presetOf(readOnlyAccess())).toBe('readOnly');
    expect(presetOf({ certificates: { read: true } })).toBe('custom');
  });

  it('reads a role through the shared can: absent children follow the parent, present ones decide', () => {
    const tree = treeFromRole({
      serviceLines: {
        read: true,
        write: true,
        children: { ssl: { read: true, write: false }, domains: { read: false } },
      },
    });
    expect(tree.serviceLines.children.origin).toEqual({ read: true, write: true });
    expect(tree.serviceLines.children.ssl).toEqual({ read: true, write: false });
    expect(tree.serviceLines.children.domains).toEqual({ read: false, write: false });
    expect(tree.certificates).toEqual({ read: false, write: false, children: {} });
  });

  it('makes write imply read, both ways', () => {
    let tree = setFlag(none(), 'certificates', undefined, 'write', true);
    expect(tree.certificates).toMatchObject({ read: true, write: true });
    tree = setFlag(tree, 'certificates', undefined, 'read', false);
    expect(tree.certificates).toMatchObject({ read: false, write: false });
  });

  it('carries a permission switch to its children, and sends only children that differ', () => {
    let tree = setFlag(none(), 'serviceLines', undefined, 'read', true);
    expect(Object.values(tree.serviceLines.children).every((c) => c.read && !c.write)).toBe(true);
    tree = setFlag(tree, 'serviceLines', 'ssl', 'write', true);
    tree = setFlag(tree, 'serviceLines', 'domains', 'read', false);
    expect(roleFromTree(tree).serviceLines).toEqual({
      read: true,
      write: false,
      children: { ssl: { read: true, write: true }, domains: { read: false, write: false } },
    });
  });

  it('opens the page when a tab is switched on', () => {
    const tree = setFlag(none(), 'serviceLines', 'firewallRules', 'read', true);
    expect(roleFromTree(tree).serviceLines).toEqual({
      read: true,
      write: false,
      children: Object.fromEntries(
        ['overview', 'origin', 'ssl', 'cacheRules', 'advanced', 'htmlPages', 'domains'].map((c) => [
          c,
          { read: false, write: false },
        ]),
      ),
    });
  });
});
