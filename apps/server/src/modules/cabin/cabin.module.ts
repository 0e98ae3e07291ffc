import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import type { GroupsService } from '../groups/groups.service';
import { CabinRepository } from './cabin.repository';
import { CabinService } from './cabin.service';
import { CabinKinds } from './cabinKinds';
import type { CabinPeople } from './cabinPeople';
import { registerCabinRoutes } from './cabin.routes';
import { CabinPermissionsService } from './cabinPermissions.service';
import { CabinTreeService } from './cabinTree.service';

/**
 * The data cabin: the directory tree, its permissions and the node kinds other modules plug in
 * (`registerKind`, `onRemove`). Needs a company's groups and members (grants name them); answers
 * the service every module with cabin nodes builds on.
 */
export function registerCabinModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { groups: Pick<GroupsService, 'groupIdsOfUser' | 'groupExists'>; companies: Pick<CompaniesService, 'isMember'> },
): CabinService {
  const people: CabinPeople = {
    groupIdsOfUser: (companyId, userId) => deps.groups.groupIdsOfUser(companyId, userId),
    groupExists: (companyId, groupId) => deps.groups.groupExists(companyId, groupId),
    isMember: (companyId, userId) => deps.companies.isMember(companyId, userId),
  };
  const kinds = new CabinKinds();
  const repository = new CabinRepository(platform.db);
  const cabin = new CabinService(platform.db, people, kinds, { writes: platform.writes, cacheMs: platform.config.sessionCacheMs });
  registerCabinRoutes(app, { cabin, tree: new CabinTreeService(platform.db, repository, cabin, kinds), permissions: new CabinPermissionsService(repository, people, cabin) });
  return cabin;
}
