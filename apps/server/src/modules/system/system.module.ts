import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { IpAllowList } from '@server/platform/ipAllowList';
import type { Scheduler } from '@server/platform/scheduler';
import type { CompaniesService } from '../companies/companies.service';
import type { UsersService } from '../users/users.service';
import type { DataItemCatalog } from '../data-items/dataItemCatalog.service';
import { SystemRepository } from './system.repository';
import { registerSystemRoutes } from './system.routes';
import { SystemService } from './system.service';

/**
 * System maintenance: IP allow-list, audit log, data retention with its nightly purge job,
 * acquisition status, system data items, my assignments. Needs the allow-list and scheduler of
 * the platform, companies, users and the data-items catalogue (so it registers after data items); the purge, acquisition and assignments come from what other modules put in
 * `platform.registry`.
 */
export function registerSystemModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { allowList: IpAllowList; scheduler: Scheduler; companies: CompaniesService; users: UsersService; catalog: DataItemCatalog },
): void {
  const { scheduler } = deps;
  const system = new SystemService(new SystemRepository(platform.db), { ...deps, registry: platform.registry, timeZone: platform.config.timeZone });
  registerSystemRoutes(app, { system });
  scheduler.schedule('purge', '0 30 3 * * *', async () => {
    const result = await system.purge();
    app.log.info(result, 'purge job done');
  });
}
