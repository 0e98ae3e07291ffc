import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import { registerDashboardsRoutes } from './dashboards.routes';

/** Composition of the dashboards module (to be completed: wiring moves here from the routes). */
export function registerDashboardsModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService }) {
  return registerDashboardsRoutes(app, platform, deps);
}
