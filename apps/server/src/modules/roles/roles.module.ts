import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { RolesRepository } from './roles.repository';
import { registerRolesRoutes } from './roles.routes';
import { RolesService, type CompanyKinds } from './roles.service';

/**
 * Roles, the roles members hold, and role templates. Needs to know which company is the
 * platform company (`companies`); answers the service the companies, users and home modules
 * call to create, check, give and count roles.
 */
export function registerRolesModule(app: FastifyInstance, platform: Platform, deps: { companies: CompanyKinds }): RolesService {
  const roles = new RolesService(new RolesRepository(platform.db), deps.companies);
  registerRolesRoutes(app, { roles, sessions: platform.sessions });
  return roles;
}
