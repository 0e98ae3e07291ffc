import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { SeriesReads } from '../data-items/series.port';
import { ReportsRepository } from './reports.repository';
import { registerReportsRoutes } from './reports.routes';
import { ReportsService, type ReportItems, type ReportMeters } from './reports.service';
import { repeatWhileOpen } from '@server/platform/repeat';

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
  repeatWhileOpen(app, { name: 'report delivery sweep', everyMs: SWEEP_MS, sweep: () => reports.sweep() });
  return { sweep: (now?: number) => reports.sweep(now) };
}
