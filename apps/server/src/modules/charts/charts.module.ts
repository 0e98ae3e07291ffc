import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import { registerChartsRoutes } from './charts.routes';

/** Composition of the charts module (to be completed: wiring moves here from the routes). */
export function registerChartsModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: DataItemsService }) {
  return registerChartsRoutes(app, platform, deps);
}
