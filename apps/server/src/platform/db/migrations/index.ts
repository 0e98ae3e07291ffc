import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-001-foundation';
import * as organization from './2026-11-21-002-organization';
import * as storage from './2026-11-21-010-storage';
import * as cabin from './2026-11-21-020-cabin';
import * as dashboards from './2026-11-22-040-dashboards';
import * as charts from './2026-11-22-030-charts';
import * as devices from './2026-11-22-050-devices';
import * as telemetry from './2026-11-22-060-telemetry';
import * as bindingIndex from './2026-11-22-070-binding-index';
import * as seriesRolled from './2026-11-22-080-series-rolled';
import * as authFailures from './2026-11-24-090-auth-failures';
import * as alarms from './2026-11-25-100-alarms';
import * as userEmail from './2026-11-25-110-user-email';
import * as mustChangePassword from './2026-11-25-130-must-change-password';
import * as builtinNames from './2026-11-25-140-builtin-names';
import * as tasks from './2026-11-25-120-tasks';
import * as taskRules from './2026-11-25-150-task-rules';
import * as wechat from './2026-11-25-160-wechat';
import * as smsSetting from './2026-11-25-180-sms-setting';
import * as filesProjects from './2026-11-25-170-files-projects';
import * as meters from './2026-11-25-190-meters';
import * as reports from './2026-11-25-200-reports';
import * as templates from './2026-11-25-210-templates';
import * as inventory from './2026-11-25-220-inventory';
import * as deviceClaim from './2026-11-25-221-device-claim';
import * as alarmMessage from './2026-11-25-230-alarm-message';
import * as sales from './2026-11-28-240-sales';
import * as sim from './2026-11-28-250-sim';
import * as gas from './2026-11-28-260-gas';
import * as recordSlots from './2026-11-28-270-record-slots';
import * as deviceSecretSealed from './2026-11-28-290-device-secret-sealed';
import * as deviceRecordOnce from './2026-11-28-310-device-record-once';
import * as seriesPointPartitions from './2026-11-28-320-series-point-partitions';
import * as deviceRecordValuesOnce from './2026-11-28-330-device-record-values-once';
import * as alarmValueTime from './2026-12-02-340-alarm-value-time';
import * as taskRunTriggers from './2026-12-02-350-task-run-triggers';
import * as notify from './2026-12-02-410-notify';
import * as webhooks from './2026-12-02-440-webhooks';
import * as backups from './2026-12-02-450-backups';
import * as apiKeys from './2026-12-02-430-api-keys';

/** Every migration, in order. Names are date-prefixed and never change once released. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-organization': organization,
  '2026-11-21-010-storage': storage,
  '2026-11-21-020-cabin': cabin,
  '2026-11-22-040-dashboards': dashboards,
  '2026-11-22-030-charts': charts,
  '2026-11-22-050-devices': devices,
  '2026-11-22-060-telemetry': telemetry,
  '2026-11-22-070-binding-index': bindingIndex,
  '2026-11-22-080-series-rolled': seriesRolled,
  '2026-11-24-090-auth-failures': authFailures,
  '2026-11-25-100-alarms': alarms,
  '2026-11-25-110-user-email': userEmail,
  '2026-11-25-130-must-change-password': mustChangePassword,
  '2026-11-25-140-builtin-names': builtinNames,
  '2026-11-25-120-tasks': tasks,
  '2026-11-25-150-task-rules': taskRules,
  '2026-11-25-160-wechat': wechat,
  '2026-11-25-180-sms-setting': smsSetting,
  '2026-11-25-170-files-projects': filesProjects,
  '2026-11-25-190-meters': meters,
  '2026-11-25-200-reports': reports,
  '2026-11-25-210-templates': templates,
  '2026-11-25-220-inventory': inventory,
  '2026-11-25-221-device-claim': deviceClaim,
  '2026-11-25-230-alarm-message': alarmMessage,
  '2026-11-28-240-sales': sales,
  '2026-11-28-250-sim': sim,
  '2026-11-28-260-gas': gas,
  '2026-11-28-270-record-slots': recordSlots,
  '2026-11-28-290-device-secret-sealed': deviceSecretSealed,
  '2026-11-28-310-device-record-once': deviceRecordOnce,
  '2026-11-28-320-series-point-partitions': seriesPointPartitions,
  '2026-11-28-330-device-record-values-once': deviceRecordValuesOnce,
  '2026-12-02-340-alarm-value-time': alarmValueTime,
  '2026-12-02-350-task-run-triggers': taskRunTriggers,
  '2026-12-02-410-notify': notify,
  '2026-12-02-440-webhooks': webhooks,
  '2026-12-02-430-api-keys': apiKeys,
  '2026-12-02-450-backups': backups,
};
