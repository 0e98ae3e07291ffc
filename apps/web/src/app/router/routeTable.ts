import { NO_PERMISSION } from '@smartdata/domain';
import type { Localized } from '@/shared/i18n/locale';
import type { RouteDef, RouteEntry, RouteGroup } from '@/shared/routing/types';

/**
 * The route table of the console (spec §2), declared once. Every route has its path, permission
 * code (spec §6; the sales, production, inventory, device and gas sections use the codes of the
 * domain's permission tree), title in both languages and flags. Pages are attached from the
 * modules' routes.tsx (see moduleRoutes.ts); a route without a page is neither listed nor
 * reachable.
 */

const l = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

const page = (path: string, permission: string, title: Localized, flags: Partial<RouteDef> = {}): RouteDef => ({
  path,
  permission,
  title,
  ...flags,
});

const hidden = (path: string, permission: string, title: Localized, flags: Partial<RouteDef> = {}): RouteDef =>
  page(path, permission, title, { ...flags, hidden: true });

const group = (
  path: string,
  permission: string,
  title: Localized,
  icon: RouteGroup['icon'],
  children: RouteDef[],
): RouteGroup => ({ path, permission, title, icon, children });

export const LOGIN_PATH = '/login';
export const VERIFY_PATH = '/verify/:code';
import { HOME_PATH } from '@/shared/routing/consolePaths';

export { HOME_PATH };
export const NOT_FOUND_PATH = '/404';
export const REDIRECT_PATH = '/redirect';
export const USER_INFO_PATH = '/user/userinfo';

export const routeTable: RouteEntry[] = [
  page(LOGIN_PATH, NO_PERMISSION, l('登录', 'Sign in'), { hidden: true, public: true, fullscreen: true }),
  // What a gas certificate's QR code opens: for anyone, signed in or not (issue 20).
  page(VERIFY_PATH, NO_PERMISSION, l('证书验证', 'Certificate verification'), { hidden: true, public: true, fullscreen: true }),
  page(NOT_FOUND_PATH, NO_PERMISSION, l('页面不存在', 'Page not found'), { hidden: true, fullscreen: true }),
  page(HOME_PATH, NO_PERMISSION, l('首页', 'Home'), { affix: true, noCache: true, icon: 'home' }),

  group('/smartdata', 'smart_data', l('智慧数据', 'Smart data'), 'smartData', [
    page('/smartdata/datacapsule', 'sd_capsule', l('数据舱', 'Data cabin')),
    // The spec lists only an item group's settings; its list is the way there (apps/web/README.md).
    page('/smartdata/itemgroup', 'sd_item_group', l('数据项分组', 'Item groups')),
    hidden('/smartdata/Doctemplate', 'sd_capsule', l('文档模板', 'Document template')),
    hidden('/smartdata/richEditorTemplate/:itemId/:valueId/:itemName/:objId', 'sd_capsule', l('文档', 'Document')),
    hidden('/smartdata/reportTemplate/:entityId/:name', 'sd_capsule', l('报表模板', 'Report template')),
    hidden('/smartdata/editTemplate/:entityId/:name', 'sd_capsule', l('编辑模板', 'Edit template')),
    hidden(
      '/smartdata/datavalue/:itemId/:itemName/:itemType/:objId/:pid/:parentDirectory',
      'sd_capsule',
      l('数据记录', 'Records'),
    ),
    hidden('/smartdata/formpage/:itemId/:itemName/:objId', 'sd_capsule', l('表单', 'Form')),
    hidden('/smartdata/chartpages/:itemId/:chartName/:typeCode/:chartId/:itemName', 'sd_capsule', l('图表', 'Chart')),
    hidden('/smartdata/ChartDialogs/:itemId/:chartName/:typeCode/:chartId/:itemName', 'sd_capsule', l('图表详情', 'Chart details')),
    hidden(
      '/smartdata/ChildValue/:objId/:itemId/:itemName/:parentItemId/:parentObjId/:recordId/:parentName/:filterList/:parentTitleColumn',
      'sd_capsule',
      l('子数据', 'Child records'),
    ),
    hidden('/smartdata/dataitem/config/:itemId/:itemName/:id', 'sd_capsule', l('数据项配置', 'Data item settings')),
    page('/smartdata/contenttemplate', 'sd_capsule', l('内容模板', 'Content template')),
    hidden('/smartdata/chart/chartConfig/:itemId/:chartId/:itemName/:id', 'sd_capsule', l('图表配置', 'Chart settings')),
    hidden('/smartdata/itemgroup/config/:groupId', 'sd_item_group', l('数据项分组配置', 'Item group settings')),
    hidden('/smartdata/file/:fileId', 'sd_capsule', l('文件', 'File')),
    hidden('/smartdata/project/:projectId', 'sd_capsule', l('项目', 'Project')),
    page('/smartdata/dashboard3', 'sd_board', l('看板', 'Dashboards')),
    hidden('/smartdata/currentshowdashboard/:boardId', 'sd_board', l('看板展示', 'Dashboard view')),
    hidden('/smartdata/dashboard3/EditBoard/:boardId/:boardName/:id', 'sd_board', l('编辑看板', 'Edit dashboard')),
    hidden('/smartdata/boardconfig/:boardId/:templateCode', 'sd_board', l('看板配置', 'Dashboard settings')),
    page('/smartdata/dashboarddisplay', 'sd_board_play', l('看板轮播', 'Dashboard carousels')),
    hidden('/smartdata/configboardplay/:boardPlayId', 'sd_board_play', l('轮播配置', 'Carousel settings')),
    page('/smartdata/device', 'cd_device', l('设备', 'Devices')),
    hidden('/smartdata/device/deviceconfig/:deviceId', 'cd_device', l('设备配置', 'Device settings')),
    hidden('/smartdata/device/dtu/config/:deviceId', 'cd_device', l('网关配置', 'Gateway settings')),
    hidden(
      '/smartdata/electricMeterConfig/:electricMeterId/:electricMeterName',
      'sd_capsule',
      l('电表配置', 'Electric meter settings'),
    ),
  ]),

  // Top-level hidden routes (spec §2): full-screen views, except the rule editor.
  hidden('/dashboardmarquee/:boardPlayId', 'sd_board_play', l('看板轮播', 'Dashboard carousel'), { fullscreen: true }),
  hidden('/editblankboard/:boardId/:boardName/:boardType', 'sd_board', l('编辑看板', 'Edit dashboard'), { fullscreen: true }),
  hidden('/showdashboard/:boardId', 'sd_board', l('看板展示', 'Dashboard view'), { fullscreen: true }),
  hidden('/standardElectricMeter/:electricMeterId/:electricMeterName', 'sd_capsule', l('标准电表', 'Standard meter'), {
    fullscreen: true,
  }),
  hidden('/virtualElectricMeter/:electricMeterId/:electricMeterName', 'sd_capsule', l('虚拟电表', 'Virtual meter'), {
    fullscreen: true,
  }),
  hidden('/previewReport/:entityId', 'sd_capsule', l('报表预览', 'Report preview'), { fullscreen: true }),
  hidden(
    '/standardReport/:year/:month/:electricMeterId/:electricMeterName',
    'sd_capsule',
    l('标准电表报表', 'Standard meter report'),
    { fullscreen: true },
  ),
  hidden(
    '/virtualReport/:year/:month/:electricMeterId/:electricMeterName',
    'sd_capsule',
    l('虚拟电表报表', 'Virtual meter report'),
    { fullscreen: true },
  ),
  hidden('/alertdashboard', 'cs_info', l('告警大屏', 'Alarm dashboard'), { fullscreen: true }),
  hidden('/intelligentrules/AddRule', 'sa_rules', l('智能规则设置', 'Intelligent rule settings')),
  hidden('/big_screen/:boardPlayId', 'sd_board_play', l('大屏', 'Big screen'), { fullscreen: true }),
  hidden('/inventoryOutboundNote/:id', 'iv_outbound', l('打印出库单', 'Outbound note'), { fullscreen: true }),

  group('/taskmanagement', 'smart_assignment', l('智能任务', 'Intelligent tasks'), 'tasks', [
    page('/taskmanagement/intelligentrules', 'sa_rules', l('智能规则', 'Intelligent rules')),
    page('/taskmanagement/taskdefine', 'sa_task_define', l('任务定义', 'Task definitions')),
    hidden('/taskmanagement/taskdefine/taskconfig/:taskId', 'sa_task_define', l('任务配置', 'Task settings')),
    page('/taskmanagement/executabletask', 'sa_executable_task', l('可执行任务', 'Executable tasks')),
    hidden(
      '/taskmanagement/executabletask/ExecutableTaskConfig/:taskId/:accessMode',
      'sa_executable_task',
      l('可执行任务配置', 'Executable task settings'),
    ),
    page('/taskmanagement/scheduledtask', 'sa_scheduled_task', l('定时任务', 'Scheduled tasks')),
    page('/taskmanagement/tasklog', 'sa_task_log', l('任务日志', 'Task log')),
  ]),

  group('/cloudSurveillance', 'cloud_surveillance', l('云监控', 'Cloud monitoring'), 'monitoring', [
    page('/cloudSurveillance/alertLog', 'cs_info', l('告警信息', 'Alarms')),
    page('/cloudSurveillance/alertRule', 'cs_rules', l('告警规则', 'Alarm rules')),
    page('/cloudSurveillance/dataUpdate', 'cs_sditem_update', l('数据更新监控', 'Data-update monitoring')),
  ]),

  group('/device', 'device_management', l('设备管理', 'Device management'), 'devices', [
    page('/device/gateway', 'dm_gateway', l('网关', 'Gateways')),
    page('/device/firmware', 'dm_firmware', l('固件', 'Firmware')),
    page('/device/meter', 'dm_meter', l('电表', 'Electric meters')),
    page('/device/simcard', 'dm_sim_card', l('流量卡', 'SIM traffic cards')),
    hidden('/device/simcard/card/:cardId', 'dm_sim_card', l('流量卡详情', 'SIM card')),
  ]),

  group('/sales', 'sales', l('销售', 'Sales'), 'sales', [
    page('/sales/order', 'sl_order', l('销售订单', 'Sales orders')),
    page('/sales/contract', 'sl_contract', l('合同', 'Contracts')),
    hidden('/sales/order/detail/:id', 'sl_order', l('销售订单详情', 'Sales order')),
    hidden('/sales/contract/detail/:id', 'sl_contract', l('合同详情', 'Contract')),
  ]),

  group('/production', 'production', l('生产', 'Production'), 'production', [
    page('/production/order', 'pd_order', l('生产单', 'Production orders')),
  ]),

  group('/inventory', 'inventory', l('库存', 'Inventory'), 'inventory', [
    page('/inventory/warehousing', 'iv_warehousing', l('入库', 'Warehousing')),
    page('/inventory/outbound', 'iv_outbound', l('出库单', 'Outbound orders')),
    hidden('/inventory/outbound/detail/:id', 'iv_outbound', l('出库单详情', 'Outbound order')),
    page('/inventory/category', 'iv_category', l('分类', 'Categories')),
  ]),

  group('/gas', 'gas', l('气体', 'Gas'), 'gas', [
    page('/gas/blending', 'gs_blending', l('配气计算', 'Gas blending calculation')),
    hidden('/gas/blending/order/:id', 'gs_blending', l('配气单', 'Blending order')),
    page('/gas/highPurity', 'gs_high_purity', l('高纯气体', 'High-purity gas')),
    page('/gas/certificate', 'gs_certificate', l('证书', 'Certificates')),
    hidden('/gas/certificate/detail/:id', 'gs_certificate', l('证书详情', 'Certificate')),
  ]),

  group('/sysSetting', 'sys_setting', l('系统设置', 'System settings'), 'settings', [
    page('/sysSetting/companyManagement', 'sys_company_info', l('公司管理', 'Company')),
    page('/sysSetting/tagSetting', 'sys_tag', l('标签设置', 'Tags')),
    page('/sysSetting/ioSocket', 'sys_io_socket', l('设备接入', 'Device access')),
    page('/sysSetting/notifyChannel', 'sys_notify_channel', l('通知渠道', 'Notification channels')),
    page('/sysSetting/webhook', 'sys_webhook', l('事件订阅', 'Event subscriptions')),
    page('/sysSetting/apiKey', 'sys_api_key', l('API 密钥', 'API keys')),
  ]),

  group('/userManagement', 'user_management', l('用户管理', 'User management'), 'users', [
    page('/userManagement/users', 'um_user', l('用户', 'Users')),
    page('/userManagement/group', 'um_user_group', l('用户组', 'Groups')),
    page('/userManagement/role', 'um_role', l('角色', 'Roles')),
  ]),

  group('/user', NO_PERMISSION, l('个人中心', 'Personal center'), 'personal', [
    page('/user/myorder', 'pc_my_order', l('我的订单', 'My orders')),
    page('/user/myassignmentanze', 'pc_my_assignment', l('我的任务', 'My assignments')),
    page(USER_INFO_PATH, NO_PERMISSION, l('个人信息', 'My profile')),
  ]),

  group('/systemMaintenance', 'system_maintenance', l('系统维护', 'System maintenance'), 'maintenance', [
    page('/systemMaintenance/datamanagement', 'system_data_management', l('数据管理', 'Data management')),
    page('/systemMaintenance/acquistion', 'sys_m_acquistion', l('采集状态', 'Acquisition status')),
    page('/systemMaintenance/log', 'sys_m_log', l('操作日志', 'Audit log')),
    page('/systemMaintenance/backup', 'system_backup', l('数据备份', 'Backups')),
    hidden('/systemMaintenance/systemcompany', 'system_company', l('公司', 'Companies')),
    hidden('/systemMaintenance/systemrole', 'system_role', l('角色模板', 'Role templates')),
    hidden('/systemMaintenance/systemuser', 'system_user', l('系统用户', 'System users')),
    hidden('/systemMaintenance/systemsditem', 'system_sd_item', l('系统数据项', 'System data items')),
    hidden('/systemMaintenance/systemquartz', 'system_quartz', l('调度任务', 'Scheduler jobs')),
    hidden('/systemMaintenance/systememeter', 'system_e_meter', l('系统电表', 'System meters')),
    hidden('/systemMaintenance/systememeterlog', 'system_e_meter_log', l('电表日志', 'Meter log')),
    hidden('/systemMaintenance/systemwhiteip', 'system_white_ip', l('IP 白名单', 'IP allow-list')),
  ]),

  group('/test', 'test_pages', l('测试页面', 'Test pages'), 'test', [
    page('/test/boarddisplay', 'board_test', l('看板轮播测试', 'Carousel playground')),
    hidden('/test/boarddisplayconfig/:boardPlayId', 'board_test', l('看板轮播测试配置', 'Carousel playground settings')),
  ]),
];

