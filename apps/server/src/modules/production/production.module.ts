import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { StockMovements } from '../inventory/stock.port';
import { ProductionRepository } from './production.repository';
import { registerProductionRoutes } from './production.routes';
import { ProductionService } from './production.service';

/**
 * Production orders (issue 18, docs/inventory.md). Completed units enter stock through the
 * inventory module's StockMovements port, in the order's transaction.
 */
export function registerProductionModule(app: FastifyInstance, platform: Platform, deps: { stock: StockMovements }): ProductionService {
  const production = new ProductionService(platform.db, new ProductionRepository(platform.db), deps.stock);
  registerProductionRoutes(app, production);
  return production;
}
