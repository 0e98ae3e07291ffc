import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { conflict } from '@server/platform/errors';
import type { CabinService } from '../cabin/cabin.service';
import type { DeviceLifecycle } from '../devices/deviceLifecycle.port';
import { InventoryRepository } from './inventory.repository';
import { registerInventoryRoutes } from './inventory.routes';
import { MasterDataService } from './masterData.service';
import { OutboundService } from './outbound.service';
import { ReservationsService } from './reservations.service';
import { StockService } from './stock.service';
import { StockInService } from './stockIn.service';
import { StockLedger } from './stockLedger';
import type { StockMovements } from './stock.port';
import type { SalesStock } from './salesStock.port';
import type { GasStock } from './gasStock.port';

/**
 * Inventory (issue 18, docs/inventory.md): master data, stock documents, the ledger and the
 * stock. Drives the device lifecycle through the devices module's DeviceLifecycle port; hands
 * production the StockMovements port. A device still in stock or on an outbound order cannot be
 * deleted (its serial's place and ledger would point at nothing). Hands sales the SalesStock port
 * (reservations, outbound orders for a sales order), and gas the GasStock port (a blending order's
 * cylinders out and in). Each port is put together here from the services that do its parts.
 */
export function registerInventoryModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; lifecycle: DeviceLifecycle }): { stock: StockMovements; salesStock: SalesStock; gasStock: GasStock } {
  const repository = new InventoryRepository(platform.db);
  const ledger = new StockLedger(deps.lifecycle);
  const masterData = new MasterDataService(repository);
  const reservations = new ReservationsService();
  const stock = new StockService(repository, ledger);
  const stockIn = new StockInService(platform.db, ledger, masterData, deps.lifecycle);
  const outbound = new OutboundService(platform.db, repository, ledger, masterData, reservations, deps.lifecycle);
  registerInventoryRoutes(app, { masterData, stock, stockIn, outbound });
  deps.cabin.onRemove('device', async (trx, companyId, refIds) => {
    if ((await InventoryRepository.in(trx).serialsOfDevices(companyId, refIds)).length > 0) {
      throw conflict('inventory.device.inStock');
    }
  });
  const lookups = {
    requireItem: (companyId: number, id: number) => masterData.requireItem(companyId, id),
    requireWarehouse: (companyId: number, id: number) => masterData.requireWarehouse(companyId, id),
  };
  const devicesChanged = (companyId: number, deviceIds: readonly number[]) => ledger.devicesChanged(companyId, deviceIds);
  return {
    stock: { ...lookups, receiveProduced: (...args) => stockIn.receiveProduced(...args), devicesChanged },
    salesStock: {
      ...lookups,
      customerOf: (on, companyId, customer) => masterData.customerOf(on, companyId, customer),
      customerNames: (companyId, ids) => masterData.customerNames(companyId, ids),
      customerIdsMatching: (companyId, keyword) => masterData.customerIdsMatching(companyId, keyword),
      itemNames: (on, companyId, ids) => masterData.itemNames(on, companyId, ids),
      reserve: (...args) => reservations.reserve(...args),
      release: (...args) => reservations.release(...args),
      addOutboundForOrder: (...args) => outbound.addOutboundForOrder(...args),
      outboundsOf: (on, companyId, salesOrderId) => outbound.outboundsOf(on, companyId, salesOrderId),
      onSalesOutboundClosed: (handler) => outbound.onSalesOutboundClosed(handler),
      devicesChanged,
    },
    gasStock: { ...lookups, moveCylinders: (...args) => stock.moveCylinders(...args) },
  };
}
