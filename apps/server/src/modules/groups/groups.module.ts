import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import { GroupsRepository } from './groups.repository';
import { registerGroupsRoutes } from './groups.routes';
import { GroupsService } from './groups.service';

/**
 * User groups. Needs the company's members (`companies`: only members join groups); answers the
 * service the companies module calls when a member leaves and the cabin asks for a person's groups.
 */
export function registerGroupsModule(app: FastifyInstance, platform: Platform, deps: { companies: CompaniesService }): GroupsService {
  const groups = new GroupsService(new GroupsRepository(platform.db), deps.companies);
  registerGroupsRoutes(app, { groups });
  return groups;
}
