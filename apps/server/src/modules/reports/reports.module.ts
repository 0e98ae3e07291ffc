import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { SeriesReads } from '../data-items/series.port';
import { ReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { ReportsService, type ReportItems, type ReportMeters } from './reports.service';

const SWEEP_MS = 30_000;

/** Scheduled deliveries, for tests that move the clock instead of waiting. */
export interface ReportClock {
  sweep(now?: number): Promise<number>;
}

/**
 * Report templates (issue 17, docs/reports.md): the cabin's `reportTemplate` kind, previews and
 * XLSX/PDF exports (platform/sheets.ts), values read through data items' `series` port and the
 * meters service; scheduled deliveries swept every 30 s like the tasks module's runs (a run is
 * claimed by a compare-and-set on the template's next run, so several instances deliver it once).
 */
export function registerReportsModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { cabin: CabinService; dataItems: ReportItems; series: SeriesReads; meters: ReportMeters },
): ReportClock {
  const reports = new ReportsService({
    repository: new ReportsRepository(platform.db),
    cabin: deps.cabin,
    items: deps.dataItems,
    series: deps.series,
    meters: deps.meters,
    mail: platform.mail,
    now: () => Date.now(),
    log: app.log,
  });
  registerReportsRoutes(app, reports);
  deps.cabin.registerKind('reportTemplate', reports.nodeHandler());
  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (sweeping) {
        return;
      }
      sweeping = true;
      reports
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'report delivery sweep failed'))
        .finally(() => {
          sweeping = false;
        });
    }, SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
    }
  });
  return { sweep: (now?: number) => reports.sweep(now) };
}
