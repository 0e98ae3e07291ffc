import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { conflict } from '@server/platform/errors';
import type { CabinService } from '../cabin/cabin.service';
import type { DeviceLifecycle } from '../devices/deviceLifecycle.port';
import { InventoryRepository } from './inventory.repository';
import { registerInventoryRoutes } from './inventory.routes';
import { InventoryService } from './inventory.service';
import type { StockMovements } from './stock.port';
import type { SalesStock } from './salesStock.port';
import type { GasStock } from './gasStock.port';

/**
 * Inventory (issue 18, docs/inventory.md): master data, stock documents, the ledger and the
 * stock. Drives the device lifecycle through the devices module's DeviceLifecycle port; hands
 * production the StockMovements port. A device still in stock or on an outbound order cannot be
 * deleted (its serial's place and ledger would point at nothing). Hands sales the SalesStock port
 * (reservations, outbound orders for a sales order), and gas the GasStock port (a blending order's
 * cylinders out and in).
 */
export function registerInventoryModule(app: FastifyInstance, platform: Platform, deps: { cabin: CabinService; lifecycle: DeviceLifecycle }): { inventory: InventoryService; stock: StockMovements; salesStock: SalesStock; gasStock: GasStock } {
  const inventory = new InventoryService(platform.db, new InventoryRepository(platform.db), deps.lifecycle);
  registerInventoryRoutes(app, inventory);
  deps.cabin.onRemove('device', async (trx, companyId, refIds) => {
    if ((await InventoryRepository.in(trx).serialsOfDevices(companyId, refIds)).length > 0) {
      throw conflict('inventory.device.inStock');
    }
  });
  return { inventory, stock: inventory, salesStock: inventory, gasStock: inventory };
}
