import { DataItemKind, type BindItemRequest, type BindingsQuery, type TelemetryBinding } from '@smartdata/domain';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DataItemsService, ItemSummary } from '../data-items/dataItems.service';
import type { DevicesService } from '../devices/devices.service';
import type { TelemetryRepository, BindingRow } from './telemetry.repository';

/** What telemetry needs of the data-items module: the caller's level on an item, items by id. */
export type TelemetryItems = Pick<DataItemsService, 'requireItem' | 'itemsByIds'>;
/** What telemetry needs of the devices module: the caller's level on a device. */
export type TelemetryDevices = Pick<DevicesService, 'requireDevice'>;

function toBinding(row: BindingRow, item: ItemSummary): TelemetryBinding {
  return {
    itemId: Number(row.item_id),
    itemName: item.name,
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    deviceSn: row.device_sn,
    keys: item.fields.map((f) => f.fieldName),
    createdAt: Number(row.created_at),
  };
}

/**
 * Bindings of IoT data lists to devices (docs/telemetry.md): read-write on the item, read on the
 * device, both of the caller's company (40400 otherwise); only kind 13 items (50001).
 */
export class TelemetryService {
  constructor(
    private readonly repository: TelemetryRepository,
    private readonly dataItems: TelemetryItems,
    private readonly devices: TelemetryDevices,
    /** Bindings changed: the ingest reads device routes again. */
    private readonly onBindingsChanged: () => void,
  ) {}

  private async requireIotItem(caller: CabinCaller, itemId: number, level: 'read' | 'readWrite') {
    const item = await this.dataItems.requireItem(caller, itemId, level);
    if (item.row.kind !== DataItemKind.iotDataList) {
      throw validationError('telemetry.notIotList');
    }
    return item;
  }

  /** Bindings of the company as answered: those whose item still exists, with its name and keys. */
  private async answered(companyId: number, rows: readonly BindingRow[]): Promise<Array<{ row: BindingRow; binding: TelemetryBinding }>> {
    const items = new Map((await this.dataItems.itemsByIds(companyId, [...new Set(rows.map((r) => Number(r.item_id)))])).map((i) => [i.id, i]));
    return rows.flatMap((row) => {
      const item = items.get(Number(row.item_id));
      return item ? [{ row, binding: toBinding(row, item) }] : [];
    });
  }

  /** Binds an IoT data list to a device; binding again to the same device changes nothing, to another is refused. */
  async bind(caller: CabinCaller, request: BindItemRequest): Promise<TelemetryBinding> {
    await this.requireIotItem(caller, request.itemId, 'readWrite');
    await this.devices.requireDevice(caller, request.deviceId, 'read');
    const [current] = await this.repository.bindings(caller.companyId, { itemId: request.itemId });
    if (current && Number(current.device_id) !== request.deviceId) {
      throw validationError(`telemetry.alreadyBound|${current.device_name}`);
    }
    if (!current) {
      await this.repository.bind(caller.companyId, request.itemId, request.deviceId, caller.userId, Date.now());
      this.onBindingsChanged();
    }
    const [answer] = await this.answered(caller.companyId, await this.repository.bindings(caller.companyId, { itemId: request.itemId }));
    return answer.binding;
  }

  /** Unbinds an item from its device (its records stay); an unbound item is 50001. */
  async unbind(caller: CabinCaller, itemId: number): Promise<void> {
    await this.requireIotItem(caller, itemId, 'readWrite');
    if ((await this.repository.unbind(caller.companyId, itemId)) === 0) {
      throw validationError('telemetry.notBound');
    }
    this.onBindingsChanged();
  }

  /** By item (read on it) or by device (read on it; only items the caller can read are listed). */
  async list(caller: CabinCaller, query: BindingsQuery): Promise<TelemetryBinding[]> {
    if (query.itemId !== undefined) {
      await this.requireIotItem(caller, query.itemId, 'read');
      return (await this.answered(caller.companyId, await this.repository.bindings(caller.companyId, { itemId: query.itemId }))).map((a) => a.binding);
    }
    if (query.deviceId === undefined) {
      throw notFound();
    }
    await this.devices.requireDevice(caller, query.deviceId, 'read');
    const answered = await this.answered(caller.companyId, await this.repository.bindings(caller.companyId, { deviceId: query.deviceId }));
    const visible: TelemetryBinding[] = [];
    for (const { row, binding } of answered) {
      const readable = await this.dataItems.requireItem(caller, Number(row.item_id), 'read').then(
        () => true,
        () => false,
      );
      if (readable) {
        visible.push(binding);
      }
    }
    return visible;
  }

  /** The items bound to a device, oldest binding first (the `DeviceTelemetry` port; no permission check). */
  async itemsOfDevice(companyId: number, deviceId: number): Promise<number[]> {
    return (await this.repository.bindings(companyId, { deviceId })).map((row) => Number(row.item_id));
  }

  /** Values received minus records written per company (the acquisition page adds them to the records data items counts). */
  valuesBeyondRecords(companyIds: readonly number[], yesterday: number, today: number): Promise<Map<number, { today: number; yesterday: number }>> {
    return this.repository.counts(companyIds, yesterday, today);
  }
}
