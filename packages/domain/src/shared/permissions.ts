import type { Locale } from './errors';

/**
 * Permission codes. Spec §6 lists the codes of the sections it shows; the codes of the sales,
 * production, inventory, device and gas sections are defined here (DESIGN.md §5). A role holds
 * codes; a user's menuCode is the union of their roles' codes. `none` marks a route that needs
 * no code (personal center, user info, home).
 */
export interface PermissionDef {
  code: string;
  title: Record<Locale, string>;
  children?: PermissionDef[];
}

const p = (code: string, zh: string, en: string, children?: PermissionDef[]): PermissionDef => ({
  code,
  title: { 'zh-CN': zh, 'en-US': en },
  ...(children ? { children } : {}),
});

/** The permission tree, grouped as the menu is (role editor and menu titles use it). */
export const permissionTree: PermissionDef[] = [
  p('smart_data', '智慧数据', 'Smart data', [
    p('sd_capsule', '数据舱', 'Data cabin'),
    p('sd_item_group', '数据项分组', 'Item groups'),
    p('sd_board', '看板', 'Dashboards'),
    p('sd_board_play', '看板轮播', 'Dashboard carousels'),
    p('cd_device', '设备', 'Devices'),
  ]),
  p('smart_assignment', '智能任务', 'Intelligent tasks', [
    p('sa_rules', '智能规则', 'Intelligent rules'),
    p('sa_task_define', '任务定义', 'Task definitions'),
    p('sa_executable_task', '可执行任务', 'Executable tasks'),
    p('sa_scheduled_task', '定时任务', 'Scheduled tasks'),
    p('sa_task_log', '任务日志', 'Task log'),
  ]),
  p('cloud_surveillance', '云监控', 'Cloud monitoring', [
    p('cs_info', '告警信息', 'Alarms'),
    p('cs_rules', '告警规则', 'Alarm rules'),
    p('cs_sditem_update', '数据更新监控', 'Data-update monitoring'),
  ]),
  p('device_management', '设备管理', 'Device management', [
    p('dm_gateway', '网关', 'Gateways'),
    p('dm_firmware', '固件', 'Firmware'),
    p('dm_meter', '电表', 'Electric meters'),
    p('dm_sim_card', '流量卡', 'SIM traffic cards'),
  ]),
  p('sales', '销售', 'Sales', [
    p('sl_order', '销售订单', 'Sales orders'),
    p('sl_contract', '合同', 'Contracts'),
  ]),
  p('production', '生产', 'Production', [p('pd_order', '生产单', 'Production orders')]),
  p('inventory', '库存', 'Inventory', [
    p('iv_warehousing', '入库', 'Warehousing'),
    p('iv_outbound', '出库单', 'Outbound orders'),
    p('iv_category', '分类', 'Categories'),
  ]),
  p('gas', '气体', 'Gas', [
    p('gs_blending', '配气计算', 'Gas blending calculation'),
    p('gs_high_purity', '高纯气体', 'High-purity gas'),
    p('gs_certificate', '证书', 'Certificates'),
  ]),
  p('sys_setting', '系统设置', 'System settings', [
    p('sys_company_info', '公司管理', 'Company'),
    p('sys_tag', '标签设置', 'Tags'),
    p('sys_io_socket', '设备接入', 'Device access'),
    // Not in spec §6: the channels page of issue 32 (docs/decisions.md).
    p('sys_notify_channel', '通知渠道', 'Notification channels'),
    // Not in spec §6: the event subscriptions page of issue 33 (docs/webhooks.md).
    p('sys_webhook', '事件订阅', 'Event subscriptions'),
    // Not in spec §6: the API keys page of issue 33 (docs/decisions.md).
    p('sys_api_key', 'API 密钥', 'API keys'),
  ]),
  p('user_management', '用户管理', 'User management', [
    p('um_user', '用户', 'Users'),
    p('um_user_group', '用户组', 'Groups'),
    p('um_role', '角色', 'Roles'),
  ]),
  p('personal_center', '个人中心', 'Personal center', [
    p('pc_my_order', '我的订单', 'My orders'),
    p('pc_my_assignment', '我的任务', 'My assignments'),
  ]),
  p('system_maintenance', '系统维护', 'System maintenance', [
    p('system_data_management', '数据管理', 'Data management'),
    p('system_company', '公司', 'Companies'),
    p('system_role', '角色模板', 'Role templates'),
    p('system_user', '系统用户', 'System users'),
    p('system_sd_item', '系统数据项', 'System data items'),
    p('system_quartz', '调度任务', 'Scheduler jobs'),
    p('system_e_meter', '系统电表', 'System meters'),
    p('system_e_meter_log', '电表日志', 'Meter log'),
    p('sys_m_acquistion', '采集状态', 'Acquisition status'),
    p('sys_m_log', '操作日志', 'Audit log'),
    p('system_white_ip', 'IP 白名单', 'IP allow-list'),
    // Not in spec §6: the backups page of issue 38 (docs/operations.md "Scheduled backups").
    p('system_backup', '数据备份', 'Backups'),
  ]),
  p('test_pages', '测试页面', 'Test pages', [p('board_test', '看板轮播测试', 'Carousel playground')]),
];

function flatten(defs: PermissionDef[]): PermissionDef[] {
  return defs.flatMap((d) => [d, ...flatten(d.children ?? [])]);
}

export const allPermissions: PermissionDef[] = flatten(permissionTree);
export const allPermissionCodes: string[] = allPermissions.map((d) => d.code);
export type PermissionCode = string;

const byCode = new Map(allPermissions.map((d) => [d.code, d]));

export function isPermissionCode(code: string): boolean {
  return byCode.has(code);
}

export function permissionTitle(code: string, locale: Locale): string {
  return byCode.get(code)?.title[locale] ?? code;
}

/**
 * Codes that only the platform administrator's company may hold: system maintenance, and the test
 * pages (a carousel playground for the platform's own checks, not a company's screen: issue 31.15
 * found "测试页面 / Test pages" in a company administrator's menu).
 */
export const platformOnlyCodes: string[] = flatten(permissionTree.filter((d) => d.code === 'system_maintenance' || d.code === 'test_pages')).map(
  (d) => d.code,
);
