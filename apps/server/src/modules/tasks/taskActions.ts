import { fillContent, numericFieldTypes, recordPlaceholderValues, type RecordValues, type TaskAction } from '@smartdata/domain';
import { translate } from '@server/platform/i18n';
import { AppError, validationError } from '@server/platform/errors';
import { ErrorCode } from '@smartdata/domain';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ItemSummary } from '../data-items/dataItems.service';
import type { TaskRecords } from '../data-items/taskRecords.port';
import type { GatewayDevices } from '../devices/gatewayDevices.port';
import type { TaskAlarms } from '../alarms/taskAlarms.port';

/** What actions need: items and devices as the caller sees them (save), and as the company's (run). */
export interface ActionDeps {
  items: {
    requireItem(caller: CabinCaller, itemId: number, level: 'read' | 'readWrite'): Promise<ItemSummary>;
    /** The company's time zone (placeholders of a notify message). */
    timeZone(companyId: number): Promise<string>;
  };
  devices: Pick<GatewayDevices, 'requireDevice' | 'requireReady' | 'runFlow'>;
  records: TaskRecords;
  alarms: TaskAlarms;
  isMember(companyId: number, userId: number): Promise<boolean>;
  groupExists(companyId: number, groupId: number): Promise<boolean>;
}

/** The record that triggered a rule: its item and values. */
export interface Trigger {
  item: ItemSummary;
  values: Readonly<Record<string, unknown>>;
  at: number;
}

/** What one run of a list of actions did (the task log keeps the error key of the first failure). */
export interface ActionOutcome {
  value: number | null;
  recordId: number | null;
  error: string | null;
}

/** A refusal of the caller's rights stays 40300; anything else (not found, another company's) is the save's 50001 `key`. */
const refusedAs = (key: string) => (error: unknown) => {
  throw error instanceof AppError && error.code === 40300 ? error : validationError(key);
};

const messageOf = (error: unknown) => (error instanceof AppError ? error.message : error instanceof Error ? error.message : String(error));

/**
 * The four actions of intelligent rules and executable tasks (docs/tasks.md): checked on save
 * against what the caller may do (a target item they cannot write, a device of another company, a
 * copy from a field the watched item lacks: 50001 with the reason), run later as the company.
 */
export class TaskActions {
  constructor(private readonly deps: ActionDeps) {}

  /** Checks actions on save; `watched` is the rule's item (copying its fields is allowed only then). Answers the items written. */
  async check(caller: CabinCaller, actions: readonly TaskAction[], watched: ItemSummary | null): Promise<number[]> {
    const writes: number[] = [];
    for (const action of actions) {
      switch (action.kind) {
        case 'writeRecord': {
          const item = await this.deps.items.requireItem(caller, action.itemId, 'readWrite').catch(refusedAs(`task.itemMissing|${action.itemId}`));
          for (const value of action.values) {
            const field = item.fields.find((f) => f.fieldName === value.fieldName);
            if (!field) {
              throw validationError(`alarm.fieldMissing|${value.fieldName}`);
            }
            if (value.copyFrom !== undefined) {
              if (!watched) {
                throw validationError('task.copyOutsideRule');
              }
              if (!watched.fields.some((f) => f.fieldName === value.copyFrom)) {
                throw validationError(`task.copyFieldMissing|${value.copyFrom}`);
              }
            } else if (value.value === undefined || value.value === '') {
              throw validationError(`task.valueMissing|${field.name}`);
            } else if (numericFieldTypes.includes(field.type) && typeof value.value !== 'number') {
              throw validationError(`task.valueNotNumber|${field.name}`);
            }
          }
          writes.push(item.id);
          break;
        }
        case 'deviceCommand':
          await this.deps.devices.requireDevice(caller, action.deviceId, 'readWrite').catch(refusedAs(`task.deviceMissing|${action.deviceId}`));
          break;
        case 'notify':
          {
            // People by SMS or e-mail, or a notification channel (issue 32): at least one way out.
            const people = (action.userIds.length > 0 || action.groupIds.length > 0) && (action.sms || action.email);
            if (!people && (action.channelIds ?? []).length === 0) {
              throw validationError('task.recipientsRequired');
            }
          }
          await this.checkPeople(caller.companyId, action.userIds, action.groupIds);
          await this.deps.alarms.requireChannels(caller.companyId, action.channelIds ?? []);
          break;
        case 'raiseAlarm': {
          const item = await this.deps.items.requireItem(caller, action.itemId, 'read').catch(refusedAs(`task.itemMissing|${action.itemId}`));
          if (!item.fields.some((f) => f.fieldName === action.fieldName)) {
            throw validationError(`alarm.fieldMissing|${action.fieldName}`);
          }
          break;
        }
      }
    }
    return writes;
  }

  /** People a task names are the company's own members and groups: another company's id is refused, not stored. */
  async checkPeople(companyId: number, userIds: readonly number[], groupIds: readonly number[] = []): Promise<void> {
    for (const userId of new Set(userIds)) {
      if (!(await this.deps.isMember(companyId, userId))) {
        throw validationError(`task.userMissing|${userId}`);
      }
    }
    for (const groupId of new Set(groupIds)) {
      if (!(await this.deps.groupExists(companyId, groupId))) {
        throw validationError(`task.groupMissing|${groupId}`);
      }
    }
  }

  /**
   * Runs actions in order as the company (the rule or task was checked when saved). The first
   * failure stops the rest; its reason is kept as a message key for the task log. `key` names the
   * job (`rule:7`): an alarm it raises stays one open alarm per job and action.
   */
  async run(job: { companyId: number; runBy: number; name: string; key: string }, actions: readonly TaskAction[], trigger: Trigger | null, now: number): Promise<ActionOutcome> {
    const { companyId, runBy, name } = job;
    const asCompany: CabinCaller = { userId: runBy, companyId, isCompanyAdmin: true };
    const outcome: ActionOutcome = { value: null, recordId: null, error: null };
    for (const [index, action] of actions.entries()) {
      try {
        switch (action.kind) {
          case 'writeRecord': {
            const values: RecordValues = {};
            for (const v of action.values) {
              const value = v.copyFrom !== undefined ? trigger?.values[v.copyFrom] : v.value;
              if (value !== undefined && value !== null) {
                values[v.fieldName] = value;
              }
            }
            outcome.recordId = await this.deps.records.write(companyId, action.itemId, values, trigger?.at ?? now);
            const first = Object.values(values)[0];
            outcome.value = typeof first === 'number' ? first : outcome.value;
            break;
          }
          case 'deviceCommand': {
            const device = await this.deps.devices.requireDevice(asCompany, action.deviceId, 'read');
            try {
              this.deps.devices.requireReady(device, 'task.deviceOffline');
            } catch {
              // Not bound, or not connected: one reason in the log.
              throw new AppError(ErrorCode.conflict, 'task.deviceOffline');
            }
            await this.deps.devices.runFlow(device);
            break;
          }
          case 'notify': {
            // A rule's message may hold a content template's placeholders (docs/templates.md):
            // filled with the record that triggered it; without a record they stay as written.
            const message = trigger
              ? fillContent(action.message, recordPlaceholderValues(trigger.item.fields, trigger.values, { itemName: trigger.item.name, recordTime: trigger.at }, await this.deps.items.timeZone(companyId)))
              : action.message;
            const text = translate(`task.notify.text|${name}|${message}`, 'zh-CN');
            await this.deps.alarms.notify(companyId, action, text);
            break;
          }
          case 'raiseAlarm': {
            const raw = trigger?.item.id === action.itemId ? trigger.values[action.fieldName] : undefined;
            const value = typeof raw === 'number' ? raw : null;
            await this.deps.alarms.raise(companyId, { key: `${job.key}:${index}`, name, itemId: action.itemId, fieldName: action.fieldName, level: action.level, value, time: trigger?.at ?? now });
            break;
          }
        }
      } catch (error) {
        // The reason as a message key (with its arguments), translated where the log is read.
        outcome.error = messageOf(error).slice(0, 500);
        return outcome;
      }
    }
    return outcome;
  }
}
