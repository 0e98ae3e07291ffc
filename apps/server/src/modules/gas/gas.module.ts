import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import type { GasStock } from '../inventory/gasStock.port';
import { GasRepository } from './gas.repository';
import { registerGasRoutes } from './gas.routes';
import { GasService } from './gas.service';

/**
 * Gas blending, high-purity gas and certificates (issue 20, docs/gas.md). The calculations are
 * `@smartdata/domain/gas` (GERG-2008, blending, the gas table, safety checks); a filled blending
 * order takes its parent cylinders out of stock and brings the product in through inventory's
 * GasStock port; certificates are verified on a public, rate-limited call.
 */
export function registerGasModule(app: FastifyInstance, platform: Platform, deps: { gasStock: GasStock; companies: Pick<CompaniesService, 'timeZoneOf' | 'find'> }): GasService {
  const gas = new GasService(platform.db, new GasRepository(platform.db), deps.gasStock, deps.companies, platform.config.timeZone);
  registerGasRoutes(app, gas);
  return gas;
}
