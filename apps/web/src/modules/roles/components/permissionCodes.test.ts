import { describe, expect, it } from 'vitest';
import { permissionTree } from '@smartdata/domain';
import { checkedKeysOf, codesFromTree, offeredPermissionTree, pageCodeCount, sectionsOf } from './permissionCodes';

describe('role editor codes', () => {
  it('offers system maintenance to the platform company only', () => {
    expect(offeredPermissionTree(false).map((def) => def.code)).not.toContain('system_maintenance');
    expect(offeredPermissionTree(true).map((def) => def.code)).toContain('system_maintenance');
  });

  it('shows the pages a role holds as checked, not its sections', () => {
    expect(checkedKeysOf(['sys_setting', 'sys_tag', 'user_management', 'um_role', 'system_role'], offeredPermissionTree(false))).toEqual([
      'sys_tag',
      'um_role',
    ]);
  });

  it('saves half-checked sections with their pages, in the tree order, and nothing not offered', () => {
    const tree = offeredPermissionTree(false);
    expect(codesFromTree(['um_role', 'sys_tag', 'system_role'], ['user_management', 'sys_setting'], tree)).toEqual([
      'sys_setting',
      'sys_tag',
      'user_management',
      'um_role',
    ]);
  });

  it('round-trips a whole section', () => {
    const tree = offeredPermissionTree(false);
    const section = permissionTree.find((def) => def.code === 'sys_setting')!;
    const codes = [section.code, ...section.children!.map((child) => child.code)];
    expect(codesFromTree(checkedKeysOf(codes, tree), [section.code], tree)).toEqual(codes);
  });

  it('summarizes pages and sections', () => {
    const codes = ['sys_setting', 'sys_tag', 'user_management', 'smart_data'];
    expect(pageCodeCount(codes)).toBe(1);
    expect(sectionsOf(codes).map((def) => def.code)).toEqual(['sys_setting']);
  });
});
