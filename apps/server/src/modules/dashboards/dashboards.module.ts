import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { CompaniesService } from '../companies/companies.service';
import { CarouselsService } from './carousels.service';
import { DashboardsRepository } from './dashboards.repository';
import { registerDashboardsRoutes } from './dashboards.routes';
import { DashboardsService, type DashboardCharts, type DashboardItems } from './dashboards.service';

/**
 * The dashboards module (issue 5, docs/dashboards.md): boards (cabin nodes of kind `dashboard`)
 * with their widgets, export and import, and carousels. Needs the cabin, data items (the items
 * widgets are bound to), charts (saved-chart widgets) and the company's time zone (clocks, time
 * ranges, carousel turns).
 */
export function registerDashboardsModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: DashboardItems; companies: Pick<CompaniesService, 'timeZoneOf'>; charts: DashboardCharts }): DashboardsService {
  const repository = new DashboardsRepository(platform.db);
  const timeZone = async (companyId: number) => (await deps.companies.timeZoneOf(companyId)) ?? platform.config.timeZone;
  const dashboards = new DashboardsService(repository, deps.cabin, deps.dataItems, timeZone, platform.registry.alarmFeed, deps.charts);
  const carousels = new CarouselsService(repository, deps.cabin, timeZone);
  registerDashboardsRoutes(app, dashboards, carousels);
  deps.cabin.registerKind('dashboard', dashboards.nodeHandler());
  return dashboards;
}
