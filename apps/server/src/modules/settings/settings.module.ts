import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { deviceTransports } from '@server/platform/deviceConnect';
import { SettingsRepository } from './settings.repository';
import { registerSettingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';

/** System settings of a company: tags and device access credentials. Needs no other module. */
export function registerSettingsModule(app: FastifyInstance, platform: Platform): void {
  const settings = new SettingsService(new SettingsRepository(platform.db), platform.config, () => platform.broker?.port ?? null, (request) =>
    deviceTransports(platform.config, platform.broker, request),
  );
  registerSettingsRoutes(app, { settings });
}
