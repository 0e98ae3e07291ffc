import type { FastifyInstance } from 'fastify';
import { taskPermission, type TaskType } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsCommitted } from '../data-items/recordsCommitted.port';
import type { SeriesReads } from '../data-items/series.port';
import type { TaskRecords } from '../data-items/taskRecords.port';
import type { GatewayDevices } from '../devices/gatewayDevices.port';
import type { TaskAlarms } from '../alarms/taskAlarms.port';
import type { MeterConsumption } from '../meters/meterConsumption.port';
import type { CompaniesService } from '../companies/companies.service';
import type { GroupsService } from '../groups/groups.service';
import { companyAdminCode, type CabinCaller } from '../cabin/cabin.service';
import type { ItemSummary } from '../data-items/dataItems.service';
import { notFound } from '@server/platform/errors';
import { JobsService } from './jobs.service';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';
import { TaskActions } from './taskActions';
import { TasksRepository } from './tasks.repository';
import { registerTasksRoutes } from './tasks.routes';
import { TasksService } from './tasks.service';
import { repeatWhileOpen } from '@server/platform/repeat';
import type { RunRow } from './tasks.repository';
import { TaskRunsFinished } from './taskRunsFinished.port';

/** The scheduler's sweep, for tests that move the clock instead of waiting, and the late-value queue. */
export interface TaskClock {
  sweep(now?: number): Promise<void>;
  idle(): Promise<void>;
}

const sweepMs = 1000;

export interface TasksModule {
  clock: TaskClock;
  /** Runs whose end was recorded (event subscriptions). */
  runsFinished: Pick<TaskRunsFinished, 'subscribe'>;
}

/**
 * Intelligent tasks (issue 16, docs/tasks.md): smart analyses on a schedule, written through the
 * records path (data items' `taskRecords`), read from the series store, recomputed when a late
 * value reaches a closed window (data items' `recordsCommitted`); intelligent rules on new records,
 * executable and scheduled tasks, whose actions write records, run gateway flows (devices'
 * `GatewayDevices`), notify people and raise alarms (alarms' `TaskAlarms`); the scheduler's page.
 */
/** At most this many tasks are listed in my assignments (the count is of all). */
const ASSIGNMENTS_SHOWN = 50;

export function registerTasksModule(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    dataItems: Pick<DataItemsService, 'requireItem' | 'itemsByIds' | 'timeZone'>;
    series: SeriesReads;
    taskRecords: TaskRecords;
    recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
    devices: GatewayDevices;
    alarms: TaskAlarms;
    /** Meters as sources of smart analyses (their consumption). */
    meters: MeterConsumption;
    companies: Pick<CompaniesService, 'find' | 'isMember'>;
    groups: Pick<GroupsService, 'groupExists'>;
  },
): TasksModule {
  const { dataItems } = deps;
  const repository = new TasksRepository(platform.db);
  const rulesRepository = new RulesRepository(platform.db);
  const runsFinished = new TaskRunsFinished(app.log);
  // A run's end as the task log shows it, named, to the listeners (none: nothing is read).
  const ended = (row: RunRow) => {
    if (!runsFinished.hasListeners) {
      return;
    }
    const type = row.task_type as TaskType;
    const name =
      type === 'analysis'
        ? repository.analysesByIds(row.company_id, [row.task_id]).then((rows) => rows[0]?.name ?? '')
        : rulesRepository.names(type === 'rule' ? 'task_rule' : type === 'executable' ? 'task_executable' : 'task_scheduled', row.company_id, [row.task_id]).then((names) => names.get(row.task_id) ?? '');
    name.then((taskName) => runsFinished.emit({ companyId: row.company_id, run: tasks.runView(row, taskName) })).catch((err: unknown) => app.log.error({ err }, 'task run event failed'));
  };
  const items = {
    async requireItem(caller: CabinCaller, itemId: number, level: 'read' | 'readWrite'): Promise<ItemSummary> {
      await dataItems.requireItem(caller, itemId, level);
      const [item] = await dataItems.itemsByIds(caller.companyId, [itemId]);
      if (!item) {
        throw notFound();
      }
      return item;
    },
    itemsByIds: (companyId: number, ids: readonly number[]) => dataItems.itemsByIds(companyId, [...ids]),
    timeZone: (companyId: number) => dataItems.timeZone(companyId),
  };
  const tasks = new TasksService({
    repository,
    items,
    series: deps.series,
    records: deps.taskRecords,
    meters: deps.meters,
    names: (companyId, type, ids) => rulesRepository.names(type === 'rule' ? 'task_rule' : type === 'executable' ? 'task_executable' : 'task_scheduled', companyId, ids),
    now: () => Date.now(),
    log: app.log,
    ended,
  });
  const actions = new TaskActions({ items, devices: deps.devices, records: deps.taskRecords, alarms: deps.alarms, isMember: (companyId, userId) => deps.companies.isMember(companyId, userId), groupExists: (companyId, groupId) => deps.groups.groupExists(companyId, groupId) });
  const rules = new RulesService({ rules: rulesRepository, runs: repository, actions, items, now: () => Date.now(), log: app.log, ended });
  const jobs = new JobsService({ analyses: tasks, scheduled: rules, runs: repository, rules: rulesRepository, companies: deps.companies });
  deps.recordsCommitted.subscribe((batch) => {
    tasks.enqueue(batch);
    rules.enqueue(batch);
  });
  const sweep = async (now?: number) => {
    await tasks.sweep(now);
    await rules.sweep(now);
  };

  repeatWhileOpen(app, {
    name: 'task sweep',
    everyMs: sweepMs,
    sweep: () => sweep(),
    onClose: async () => {
      await tasks.idle();
      await rules.idle();
    },
  });

  registerTasksRoutes(app, tasks, rules, jobs);
  // My assignments: the executable tasks the user may run (their access mode), for those who may open the list.
  platform.registry.assignments.push(async ({ companyId, userId, codes }) => {
    if (!codes.has(taskPermission.executable)) {
      return { kind: 'task', total: 0, list: [] };
    }
    const runnable = await rules.runnableExecutables({ companyId, userId, isCompanyAdmin: codes.has(companyAdminCode) });
    return {
      kind: 'task',
      total: runnable.length,
      list: runnable.slice(0, ASSIGNMENTS_SHOWN).map((task) => ({
        kind: 'task',
        id: task.id,
        title: task.name,
        status: 'runnable',
        createdAt: task.createdAt,
        link: '/taskmanagement/executabletask',
        level: null,
        detail: null,
      })),
    };
  });
  const clock: TaskClock = {
    sweep,
    idle: async () => {
      // A rule's or an analysis's write is a new record the other may take up (chains): wait until both are still.
      do {
        await tasks.idle();
        await rules.idle();
      } while (tasks.busy || rules.busy);
    },
  };
  return { clock, runsFinished };
}
