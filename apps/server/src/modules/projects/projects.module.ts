import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { LatestRecords } from '../data-items/latestRecords.port';
import { ProjectsRepository } from './projects.repository';
import { registerProjectsRoutes } from './projects.routes';
import { ProjectsService, type ProjectItems } from './projects.service';

/**
 * Project nodes of the data cabin (issue 14.2, docs/cabin.md "Files and projects"): description,
 * status, dates, members, and a page of what lies under the node with the items' latest values
 * (read through the data-items module's `latestRecords` port). Registers the cabin's `project` kind.
 */
export function registerProjectsModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: ProjectItems; latestRecords: LatestRecords }): ProjectsService {
  const projects = new ProjectsService(new ProjectsRepository(platform.db), deps.cabin, deps.dataItems, deps.latestRecords);
  registerProjectsRoutes(app, projects);
  deps.cabin.registerKind('project', projects.nodeHandler());
  return projects;
}
