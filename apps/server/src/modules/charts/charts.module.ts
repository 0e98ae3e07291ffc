import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { SeriesReads } from '../data-items/series.port';
import { ChartsRepository } from './charts.repository';
import { registerChartsRoutes } from './charts.routes';
import { ChartsService, type ChartItems } from './charts.service';

/**
 * The charts module (issue 5, docs/charts.md): the chart query over the series store of data
 * items (shared with dashboards) and the chart configs saved per data item. Needs data items
 * (access, fields, time zone) and their series reads; a deleted data item takes its charts along.
 */
export function registerChartsModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: ChartItems; series: SeriesReads }): ChartsService {
  const charts = new ChartsService(new ChartsRepository(platform.db), deps.dataItems, deps.series);
  deps.cabin.onRemove('dataItem', (trx, companyId, itemIds) => ChartsRepository.in(trx).deleteOfItems(companyId, itemIds));
  registerChartsRoutes(app, charts);
  return charts;
}
