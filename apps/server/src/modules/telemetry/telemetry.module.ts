import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { DevicesService } from '../devices/devices.service';
import type { IngestOptions } from './ingest';
import { registerTelemetryRoutes } from './telemetry.routes';

/** Composition of the telemetry module (to be completed: wiring moves here from the routes). */
export function registerTelemetryModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; dataItems: DataItemsService; devices: DevicesService; options?: Partial<IngestOptions> }) {
  return registerTelemetryRoutes(app, platform, deps);
}
