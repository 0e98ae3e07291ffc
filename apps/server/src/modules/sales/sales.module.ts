import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { SalesStock } from '../inventory/salesStock.port';
import type { CompaniesService } from '../companies/companies.service';
import { SalesRepository } from './sales.repository';
import { registerSalesRoutes } from './sales.routes';
import { SalesService, type ContractStorage } from './sales.service';

/**
 * Sales contracts and orders (issue 18, docs/sales.md). Stock is reserved, released and shipped
 * through inventory's SalesStock port (inventory owns the stock, its reservation and outbound
 * orders; it calls back here when an outbound order of a sales order ships or is cancelled);
 * contract files are objects of the storage module.
 */
export function registerSalesModule(app: FastifyInstance, platform: Platform, deps: { salesStock: SalesStock; storage: ContractStorage; companies: Pick<CompaniesService, 'timeZoneOf'> }): SalesService {
  const sales = new SalesService(platform.db, new SalesRepository(platform.db), deps.salesStock, deps.storage, deps.companies, platform.config.timeZone);
  registerSalesRoutes(app, sales);
  return sales;
}
