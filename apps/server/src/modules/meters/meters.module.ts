import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { SeriesReads } from '../data-items/series.port';
import type { DeviceTelemetry } from '../telemetry/deviceTelemetry.port';
import { MetersRepository } from './meters.repository';
import { registerMetersRoutes } from './meters.routes';
import { MetersService, type MeterDevices, type MeterItems } from './meters.service';

export interface MetersModuleDependencies {
  cabin: CabinService;
  dataItems: MeterItems;
  devices: MeterDevices;
  /** Which items hold a device's values (telemetry). */
  deviceTelemetry: DeviceTelemetry;
  /** Readings: the series store of data items. */
  series: SeriesReads;
  now?: () => number;
}

/**
 * Electric meters (issue 17, docs/meters.md): standard and virtual meter nodes of the data cabin,
 * their consumption per day and month, monthly reports with time-of-use costs, the company's
 * tariff, and every company's meters and reading log for system maintenance. Readings are read,
 * never copied, through data items' `series` port (and telemetry's `DeviceTelemetry` for device
 * sources). Registers the cabin's `meter` kind.
 */
export function registerMetersModule(app: FastifyInstance, platform: Platform, deps: MetersModuleDependencies): MetersService {
  const meters = new MetersService(new MetersRepository(platform.db), {
    cabin: deps.cabin,
    items: deps.dataItems,
    devices: deps.devices,
    deviceTelemetry: deps.deviceTelemetry,
    series: deps.series,
    now: deps.now ?? Date.now,
  });
  registerMetersRoutes(app, meters);
  deps.cabin.registerKind('meter', meters.nodeHandler());
  return meters;
}
