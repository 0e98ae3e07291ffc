import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import type { UsersService } from '../users/users.service';
import { createStorageDriver } from './drivers/createStorageDriver';
import { StorageRepository } from './storage.repository';
import { registerStorageRoutes } from './storage.routes';
import { StorageService } from './storage.service';

/**
 * Object storage: signed upload and download URLs, avatars and company logos, on local disk or
 * S3. Needs users (head images) and companies (the logo in cfg); answers the service the data
 * items and devices modules keep their attachments and firmware with.
 */
export function registerStorageModule(app: FastifyInstance, platform: Platform, deps: { users: UsersService; companies: CompaniesService }): StorageService {
  const { driver, signer } = createStorageDriver(platform.config);
  const storage = new StorageService(new StorageRepository(platform.db), driver, signer, platform.config.storageUrlTtlSeconds, deps.users, deps.companies);
  registerStorageRoutes(app, { storage });
  return storage;
}
