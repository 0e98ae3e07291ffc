import { describe, expect, it } from 'vitest';
import { permissionTree } from '@smartdata/domain';
import { checkedKeysOf, codesFromTree, keepingUnshown, offeredPermissionTree, pageCodeCount, sectionsOf } from './permissionCodes';

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

describe('sections without screens', () => {
  it('are not offered: a code whose routes all lack a page is hidden, built modules stay (the console route table)', async () => {
    const { appRouteTable } = await import('@/app/router/routes');
    const tree = offeredPermissionTree(false, appRouteTable);
    const sections = tree.map((def) => def.code);
    // Built: data cabin, dashboards, cloud monitoring (alarms), devices and gateways, settings, users.
    expect(sections).toEqual(expect.arrayContaining(['smart_data', 'cloud_surveillance', 'device_management', 'sys_setting', 'user_management']));
    expect(tree.find((def) => def.code === 'cloud_surveillance')?.children?.map((def) => def.code)).toEqual(['cs_info', 'cs_rules', 'cs_sditem_update']);
    // Intelligent tasks are built whole (issue 16), sales, production and inventory (issue 18) and
    // gas (issue 20): every code of those sections is offered.
    const tasks = tree.find((def) => def.code === 'smart_assignment')?.children?.map((def) => def.code) ?? [];
    expect(tasks).toEqual(expect.arrayContaining(['sa_rules', 'sa_task_define', 'sa_executable_task', 'sa_scheduled_task', 'sa_task_log']));
    expect(sections).toEqual(expect.arrayContaining(['sales', 'production', 'inventory']));
    const children = (code: string) => tree.find((def) => def.code === code)?.children?.map((def) => def.code) ?? [];
    expect([...children('sales'), ...children('production'), ...children('inventory')]).toEqual(['sl_order', 'sl_contract', 'pd_order', 'iv_warehousing', 'iv_outbound', 'iv_category']);
    expect(tree.find((def) => def.code === 'gas')?.children?.map((def) => def.code)).toEqual(['gs_blending', 'gs_high_purity', 'gs_certificate']);
    const devices = tree.find((def) => def.code === 'device_management')?.children?.map((def) => def.code) ?? [];
    expect(devices).toContain('dm_gateway');
    expect(devices).toContain('dm_meter');
    expect(devices).toContain('dm_sim_card');
  });

  it('hides a page code when every route of it is unbuilt, and a section left empty', () => {
    const page = () => null;
    const table = [
      { path: '/a', permission: 'smart_data', title: { 'zh-CN': 'A', 'en-US': 'A' }, children: [
        { path: '/a/1', permission: 'sd_capsule', title: { 'zh-CN': '1', 'en-US': '1' }, element: page },
        { path: '/a/2', permission: 'sd_board', title: { 'zh-CN': '2', 'en-US': '2' } },
        { path: '/a/3', permission: 'sd_board', title: { 'zh-CN': '3', 'en-US': '3' } },
      ] },
      { path: '/b', permission: 'sales', title: { 'zh-CN': 'B', 'en-US': 'B' }, children: [
        { path: '/b/1', permission: 'sl_order', title: { 'zh-CN': '1', 'en-US': '1' } },
      ] },
    ];
    const tree = offeredPermissionTree(false, table);
    expect(tree.find((def) => def.code === 'smart_data')?.children?.map((def) => def.code)).toEqual(['sd_capsule', 'sd_item_group', 'sd_board_play', 'cd_device']);
    expect(tree.map((def) => def.code)).not.toContain('sales');
    // Codes no route uses (here: every other section) stay.
    expect(tree.map((def) => def.code)).toContain('gas');
  });

  it('keeps a role\'s codes of hidden sections when the role is edited', () => {
    const tree = offeredPermissionTree(false, []).filter((def) => def.code !== 'sales');
    expect(keepingUnshown(['sys_setting', 'sys_tag'], ['sales', 'sl_order', 'sys_tag', 'um_role'], tree)).toEqual(['sales', 'sl_order', 'sys_setting', 'sys_tag']);
  });
});
