import { DataItemKind, type BindItemRequest, type BindingsQuery, type TelemetryBinding } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import { parseFields } from '../data-items/dataItems.service';
import type { DevicesService } from '../devices/devices.service';
import type { TelemetryIngest } from './ingest';
import { TelemetryRepository, type BindingRow } from './telemetry.repository';

function toBinding(row: BindingRow): TelemetryBinding {
  return {
    itemId: Number(row.item_id),
    itemName: row.item_name,
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    deviceSn: row.device_sn,
    keys: parseFields(row.item_fields).map((f) => f.fieldName),
    createdAt: Number(row.created_at),
  };
}

/**
 * Bindings of IoT data lists to devices (docs/telemetry.md): read-write on the item, read on the
 * device, both of the caller's company (40400 otherwise); only kind 13 items (50001).
 */
export class TelemetryService {
  readonly repository: TelemetryRepository;

  constructor(
    db: Db,
    private readonly dataItems: DataItemsService,
    private readonly devices: DevicesService,
    private readonly ingest: TelemetryIngest,
  ) {
    this.repository = new TelemetryRepository(db);
  }

  private async requireIotItem(caller: CabinCaller, itemId: number, level: 'read' | 'readWrite') {
    const item = await this.dataItems.requireItem(caller, itemId, level);
    if (item.row.kind !== DataItemKind.iotDataList) {
      throw validationError('telemetry.notIotList');
    }
    return item;
  }

  async bind(caller: CabinCaller, request: BindItemRequest): Promise<TelemetryBinding> {
    await this.requireIotItem(caller, request.itemId, 'readWrite');
    await this.devices.requireDevice(caller, request.deviceId, 'read');
    const [current] = await this.repository.bindings(caller.companyId, { itemId: request.itemId });
    if (current && Number(current.device_id) !== request.deviceId) {
      throw validationError(`telemetry.alreadyBound|${current.device_name}`);
    }
    if (!current) {
      await this.repository.bind(caller.companyId, request.itemId, request.deviceId, caller.userId, Date.now());
      this.ingest.forgetRoutes();
    }
    const [row] = await this.repository.bindings(caller.companyId, { itemId: request.itemId });
    return toBinding(row!);
  }

  async unbind(caller: CabinCaller, itemId: number): Promise<void> {
    await this.requireIotItem(caller, itemId, 'readWrite');
    if ((await this.repository.unbind(caller.companyId, itemId)) === 0) {
      throw validationError('telemetry.notBound');
    }
    this.ingest.forgetRoutes();
  }

  /** By item (read on it) or by device (read on it; only items the caller can read are listed). */
  async list(caller: CabinCaller, query: BindingsQuery): Promise<TelemetryBinding[]> {
    if (query.itemId !== undefined) {
      await this.requireIotItem(caller, query.itemId, 'read');
      return (await this.repository.bindings(caller.companyId, { itemId: query.itemId })).map(toBinding);
    }
    if (query.deviceId === undefined) {
      throw notFound();
    }
    await this.devices.requireDevice(caller, query.deviceId, 'read');
    const rows = await this.repository.bindings(caller.companyId, { deviceId: query.deviceId });
    const visible: TelemetryBinding[] = [];
    for (const row of rows) {
      const readable = await this.dataItems.requireItem(caller, Number(row.item_id), 'read').then(
        () => true,
        () => false,
      );
      if (readable) {
        visible.push(toBinding(row));
      }
    }
    return visible;
  }
}
