import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import type { OrdersService } from '../orders/orders.service';
import type { RolesService } from '../roles/roles.service';
import { SysUsersService } from './sysUsers.service';
import { UsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { registerNoticeGate } from './noticeGate';
import { UsersService } from './users.service';

/**
 * Users: the current user, the notice, personal settings and the platform's user administration.
 * Needs companies (a user's companies, new members), roles (a new user's roles) and orders (the
 * current order); answers the service through which every other module reads and changes users.
 */
export function registerUsersModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { companies: CompaniesService; roles: RolesService; orders: OrdersService },
): UsersService {
  const repository = new UsersRepository(platform.db);
  const users = new UsersService(repository, deps.companies, deps.orders, platform.sessions);
  const sysUsers = new SysUsersService(platform.db, repository, deps.companies, deps.roles, platform.sessions, platform.failures);
  registerNoticeGate(app, users);
  registerUsersRoutes(app, { users, sysUsers, sessions: platform.sessions, writes: platform.writes, sessionCacheMs: platform.config.sessionCacheMs });
  return users;
}
