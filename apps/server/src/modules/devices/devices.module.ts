import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { StorageService } from '../storage/storage.service';
import { registerDevicesRoutes } from './devices.routes';

/** Composition of the devices module (to be completed: wiring moves here from the routes). */
export function registerDevicesModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; storage: StorageService }) {
  return registerDevicesRoutes(app, platform, deps);
}
