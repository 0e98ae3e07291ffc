import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { CabinService } from './cabin.service';
import type { CabinPeople } from './cabinPeople';
import { registerCabinRoutes } from './cabin.routes';

/**
 * The data cabin: the directory tree, its permissions and the node kinds other modules plug in
 * (`registerKind`, `onRemove`). Needs the groups and members of a company (`people`); answers the
 * service every module with cabin nodes builds on.
 */
export function registerCabinModule(app: FastifyInstance, platform: Platform, deps: { people: CabinPeople }): CabinService {
  const cabin = new CabinService(platform.db, deps.people, { writes: platform.writes, cacheMs: platform.config.sessionCacheMs });
  registerCabinRoutes(app, cabin);
  return cabin;
}
