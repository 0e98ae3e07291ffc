import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompanyAdminService } from '../companies/companyAdmin.service';
import type { UsersService } from '../users/users.service';
import { AuthRepository } from './auth.repository';
import { registerAuthRoutes } from './auth.routes';
import { AuthService } from './auth.service';

/**
 * Sign-in, SMS codes, self-registration and password reset. Needs users (accounts) and company
 * administration (a registering user gets a company of their own); answers what the test routes
 * read: the latest code sent to a phone.
 */
export function registerAuthModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { users: UsersService; companyAdmin: CompanyAdminService },
): Pick<AuthService, 'latestSentCode'> {
  const auth = new AuthService(platform.db, new AuthRepository(platform.db), platform.sms, platform.sessions, platform.failures, deps.users, deps.companyAdmin);
  registerAuthRoutes(app, { auth, sessions: platform.sessions });
  return auth;
}
