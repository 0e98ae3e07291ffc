import type { FastifyInstance } from 'fastify';
import type { CompaniesService } from '../companies/companies.service';
import type { RolesService } from '../roles/roles.service';
import { registerHomeRoutes } from './home.routes';
import { HomeService } from './home.service';

/**
 * The home page. Needs companies (the company and its members) and roles (their count); answers
 * the service other modules add their cards to (`addCard`).
 */
export function registerHomeModule(app: FastifyInstance, deps: { companies: CompaniesService; roles: RolesService }): HomeService {
  const home = new HomeService(deps.companies, deps.roles);
  registerHomeRoutes(app, { home });
  return home;
}
