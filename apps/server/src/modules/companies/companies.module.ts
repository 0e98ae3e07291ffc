import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { OrdersService } from '../orders/orders.service';
import type { RolesService } from '../roles/roles.service';
import { CompaniesRepository } from './companies.repository';
import { registerCompaniesRoutes } from './companies.routes';
import { CompaniesService } from './companies.service';
import { CompanyAdminService } from './companyAdmin.service';
import { DelegationsRepository } from './delegations.repository';
import { DelegationsService } from './delegations.service';
import { registerMembersRoutes } from './members.routes';
import { MembersRepository } from './members.repository';
import { MembersService, type MemberAccounts, type MemberGroups } from './members.service';

/*
 * The companies module (companies, members, invitations, alert delegations) is composed in two
 * steps, because modules it calls also call it back: roles asks whether a company is the platform
 * company, orders whether it exists, groups and users who its members are. First the company
 * records, which depend on nothing; those modules are built on them; then the rest of this module
 * with every route, on those modules.
 */

/** Step one: the company records (company, company_member) every other module asks. */
export function createCompaniesService(platform: Platform): CompaniesService {
  return new CompaniesService(new CompaniesRepository(platform.db), new MembersRepository(platform.db));
}

/**
 * Step two: members, invitations, delegations and company administration, and the routes. Needs
 * roles (a member's roles, a new company's administrator role), orders (the platform's company
 * list), users (invited accounts, the current company) and groups (a leaving member's groups);
 * answers the service that makes new companies (self-registration, first start).
 */
export function registerCompaniesModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { companies: CompaniesService; roles: RolesService; orders: OrdersService; users: MemberAccounts; groups: MemberGroups },
): CompanyAdminService {
  const { companies, roles, orders, users, groups } = deps;
  const companyRows = new CompaniesRepository(platform.db);
  const memberRows = new MembersRepository(platform.db);
  const members = new MembersService(platform.db, memberRows, companyRows, roles, users, groups);
  const delegations = new DelegationsService(new DelegationsRepository(platform.db), memberRows, companyRows);
  const companyAdmin = new CompanyAdminService(companies, roles, orders);
  registerCompaniesRoutes(app, { companies, companyAdmin, members, delegations, sessions: platform.sessions });
  registerMembersRoutes(app, { members, sessions: platform.sessions });
  return companyAdmin;
}
