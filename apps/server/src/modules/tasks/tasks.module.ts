import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsCommitted } from '../data-items/recordsCommitted.port';
import type { SeriesReads } from '../data-items/series.port';
import type { TaskRecords } from '../data-items/taskRecords.port';
import { notFound } from '@server/platform/errors';
import { TasksRepository } from './tasks.repository';
import { registerTasksRoutes } from './tasks.routes';
import { TasksService } from './tasks.service';

/** The scheduler's sweep, for tests that move the clock instead of waiting, and the late-value queue. */
export interface TaskClock {
  sweep(now?: number): Promise<void>;
  idle(): Promise<void>;
}

const sweepMs = 1000;

/**
 * Intelligent tasks (issue 16, docs/tasks.md): smart analyses on a schedule, written through the
 * records path (data items' `taskRecords`), read from the series store, recomputed when a late
 * value reaches a closed window (data items' `recordsCommitted`).
 */
export function registerTasksModule(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    dataItems: Pick<DataItemsService, 'requireItem' | 'itemsByIds' | 'timeZone'>;
    series: SeriesReads;
    taskRecords: TaskRecords;
    recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
  },
): TaskClock {
  const { dataItems } = deps;
  const tasks = new TasksService({
    repository: new TasksRepository(platform.db),
    items: {
      async requireItem(caller, itemId, level) {
        await dataItems.requireItem(caller, itemId, level);
        const [item] = await dataItems.itemsByIds(caller.companyId, [itemId]);
        if (!item) {
          throw notFound();
        }
        return item;
      },
      timeZone: (companyId) => dataItems.timeZone(companyId),
    },
    series: deps.series,
    records: deps.taskRecords,
    now: () => Date.now(),
    log: app.log,
  });
  deps.recordsCommitted.subscribe((batch) => tasks.enqueue(batch));

  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (sweeping) {
        return;
      }
      sweeping = true;
      tasks
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'task sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, sweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
    await tasks.idle();
  });

  registerTasksRoutes(app, tasks);
  return { sweep: (now) => tasks.sweep(now), idle: () => tasks.idle() };
}
