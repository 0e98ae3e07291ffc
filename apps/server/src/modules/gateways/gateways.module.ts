import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { DevicesService } from '../devices/devices.service';
import { registerGatewaysRoutes } from './gateways.routes';

/** Composition of the gateways module (to be completed: wiring moves here from the routes). */
export function registerGatewaysModule(app: FastifyInstance, platform: Platform, deps: { devices: DevicesService }) {
  return registerGatewaysRoutes(app, platform, deps.devices);
}
