/*
 * The one public entry of @smartdata/domain: server and web import only from here. Inside the
 * package, files import each other by exact path (never through this file), one folder per module
 * with the same name as apps/server/src/modules/<name> and apps/web/src/modules/<name>; `shared/`
 * holds what every module uses (errors, texts, permissions, limits, paging, ids, time, validators)
 * and imports no module; validationMessages.ts sits at the root because it gathers the validation
 * texts of several modules. Files not listed here (data-items/rawValues.ts) are internal.
 */

// ---- shared ----
export * from './shared/errors';
export * from './shared/limits';
export * from './shared/texts';
export * from './shared/access';
export * from './shared/permissions';
export * from './shared/validators';
export * from './validationMessages';
export * from './shared/paging';
export * from './shared/ids';
export * from './shared/jsonParam';
export * from './shared/time';

// ---- auth, home, users, companies, roles, groups, orders, system, settings, storage ----
export * from './auth/auth.schemas';
export * from './home/home.schemas';
export * from './users/users.schemas';
export * from './users/wechat.schemas';
export * from './users/wechatOutcomes';
export * from './companies/companies.schemas';
export * from './companies/members.schemas';
export * from './roles/roles.schemas';
export * from './groups/groups.schemas';
export * from './orders/orders.schemas';
export * from './system/system.schemas';
export * from './system/auditActions';
export * from './system/sms.schemas';
export * from './system/systemDataItems.schemas';
export * from './settings/settings.schemas';
export * from './storage/storage.schemas';

// ---- cabin ----
export * from './cabin/cabin.schemas';
export * from './cabin/cabinMessages';

// ---- files and projects (cabin nodes) ----
export * from './files/files.schemas';
export * from './files/fileMessages';
export * from './projects/projects.schemas';

// ---- templates (document and content templates) ----
export * from './templates/richDocument';
export * from './templates/placeholderValues';
export * from './templates/templates.schemas';
export * from './templates/templateMessages';

// ---- report templates (issue 17) ----
export * from './reports/reports.schemas';
export * from './reports/reportMessages';
export * from './reports/periods';

// ---- production and inventory (issue 18) ----
export * from './inventory/inventory.schemas';
export * from './inventory/inventoryMessages';

// ---- sales contracts and orders (issue 18) ----
export * from './sales/salesRules';
export * from './sales/sales.schemas';
export * from './sales/salesMessages';

// ---- gas blending, high purity, certificates (issue 20); the calculations are @smartdata/domain/gas ----
export * from './gas/gas.schemas';
export * from './gas/gasMessages';

// ---- SIM traffic cards (issue 19) ----
export * from './sim/sim.schemas';
export * from './sim/simMessages';
export * from './sim/luhn';
export * from './sim/simUsage';

// ---- meters (cabin nodes) ----
export * from './meters/meters.schemas';
export * from './meters/meterMessages';
export * from './meters/consumption';
export * from './meters/tariffs';
export * from './meters/monthlyReport';
export * from './meters/formulaGraph';

// ---- data items ----
export * from './data-items/dataItemLimits';
export * from './data-items/fields';
export * from './data-items/fieldKeys';
export * from './data-items/items';
export * from './data-items/records';
export * from './data-items/timeRanges';
export * from './data-items/recordTransfer';
export * from './data-items/values';
export * from './data-items/forms';
export * from './data-items/jumps';
export * from './data-items/forwards';
export * from './data-items/itemGroups';

// ---- charts ----
export * from './charts/charts.schemas';
export * from './charts/buckets';
export * from './charts/aggregate';
export * from './charts/downsample';
export * from './charts/messages';

// ---- dashboards ----
export * from './dashboards/dashboards.schemas';
export * from './dashboards/widgets';
export * from './dashboards/templates';
export * from './dashboards/schedule';
export * from './dashboards/exportDocument';
export * from './dashboards/messages';

// ---- gateways ----
export * from './gateways/crc16';
export * from './gateways/hex';
export * from './gateways/extract';
export * from './gateways/firmware';
export * from './gateways/flow';
export * from './gateways/flowMessages';
export * from './gateways/config';

// ---- devices ----
export * from './devices/devices.schemas';
export * from './devices/lifecycle';
export * from './devices/topics';
export * from './devices/payloads';
export * from './devices/deviceMessages';
export * from './devices/connect';

// ---- telemetry ----
export * from './telemetry/telemetry.schemas';

// ---- alarms ----
export * from './alarms/alarms.schemas';
export * from './alarms/alarmMessages';
// ---- notification channels and the delivery queue (issue 32) ----
export * from './notify/notify.schemas';
export * from './notify/notifyMessages';
// ---- event subscriptions (webhooks, issue 33) ----
export * from './webhooks/webhooks.schemas';
export * from './webhooks/webhookMessages';
// ---- API keys (issue 33) ----
export * from './apiKeys/apiKeys.schemas';
export * from './apiKeys/apiKeyMessages';
// ---- backups (issue 38) ----
export * from './backups/backups.schemas';
export * from './backups/backupMessages';
// ---- tasks (intelligent tasks) ----
export * from './tasks/tasks.schemas';
export * from './tasks/acquisition';
export * from './tasks/taskMessages';
export * from './tasks/rules.schemas';
