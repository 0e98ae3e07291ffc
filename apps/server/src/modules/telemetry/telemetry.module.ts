import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CabinService } from '../cabin/cabin.service';
import type { DeviceRecordSink } from '../data-items/deviceRecords.port';
import type { DeviceTelemetry } from './deviceTelemetry.port';
import { TelemetryIngest, type IngestOptions } from './ingest';
import { TelemetryRepository } from './telemetry.repository';
import { registerTelemetryRoutes } from './telemetry.routes';
import { TelemetryService, type TelemetryDevices, type TelemetryItems } from './telemetry.service';

export interface TelemetryDependencies {
  cabin: CabinService;
  /** Data items: access to items, and the entry of device records. */
  dataItems: TelemetryItems;
  deviceRecords: DeviceRecordSink;
  devices: TelemetryDevices;
  options?: Partial<IngestOptions>;
}

/**
 * The telemetry module (docs/telemetry.md): bindings of IoT data lists to devices, the broker's
 * publish hook that turns device values into records (group commit, PUBACK after commit; the
 * records are written by the data-items module's device records), and the values received per
 * company on the acquisition page. Answers the ingest (a handle for tests and the bench) and the
 * `DeviceTelemetry` port (which items hold a device's values; meters).
 */
export function registerTelemetryModule(app: FastifyInstance, platform: Platform, deps: TelemetryDependencies): { telemetry: TelemetryService; ingest: TelemetryIngest; deviceTelemetry: DeviceTelemetry } {
  const repository = new TelemetryRepository(platform.db, platform.dbKind);
  const ingest = new TelemetryIngest(repository, deps.deviceRecords, deps.options);
  const telemetry = new TelemetryService(repository, deps.dataItems, deps.devices, () => ingest.forgetRoutes());

  registerTelemetryRoutes(app, telemetry);
  // A deleted data item or device takes its bindings along (and devices stop feeding it at once).
  deps.cabin.onRemove('dataItem', (trx, companyId, itemIds) => TelemetryRepository.in(trx, platform.dbKind).deleteOf(companyId, 'item_id', itemIds));
  deps.cabin.onRemove('device', (trx, companyId, deviceIds) => TelemetryRepository.in(trx, platform.dbKind).deleteOf(companyId, 'device_id', deviceIds));
  ingest.attach(platform.broker ?? platform.externalBroker);
  // The HTTP device API hands its telemetry on the same way (devices module, docs/devices.md).
  ingest.attach(platform.deviceHttp);
  // Before the broker and the database close (preClose hooks run before every onClose hook).
  app.addHook('preClose', async () => {
    (platform.broker ?? platform.externalBroker)?.setPublishHook(null);
    platform.deviceHttp.setPublishHook(null);
    await ingest.close();
  });
  platform.registry.acquisition.push(async (companyIds, { today, yesterday }) => {
    // Records (one per payload and item) are counted by the data-items module; this adds the
    // remaining values, so the page shows values received.
    const counts = await telemetry.valuesBeyondRecords(companyIds, yesterday, today);
    return new Map([...counts].map(([companyId, c]) => [companyId, { valuesToday: c.today, valuesYesterday: c.yesterday }]));
  });
  return { telemetry, ingest, deviceTelemetry: { itemsOfDevice: (companyId, deviceId) => telemetry.itemsOfDevice(companyId, deviceId) } };
}
