import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { registerDataItemsRoutes, type DataItemsDependencies } from './dataItems.routes';

/** Composition of the data-items module (to be completed: wiring moves here from the routes). */
export function registerDataItemsModule(app: FastifyInstance, platform: Platform, deps: DataItemsDependencies) {
  return registerDataItemsRoutes(app, platform, deps);
}
