import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import type { CompaniesService } from '../companies/companies.service';
import type { GasStock } from '../inventory/gasStock.port';
import { BlendOrdersService } from './blendOrders.service';
import { CertificatesService } from './certificates.service';
import { GasNumbering } from './gasNumbering';
import { GasRepository } from './gas.repository';
import { registerGasRoutes } from './gas.routes';
import { PurityService } from './purity.service';

/**
 * Gas blending, high-purity gas and certificates (issue 20, docs/gas.md): one service each, sharing
 * the repository and the automatic numbering. The calculations are `@smartdata/domain/gas`
 * (GERG-2008, blending, the gas table, safety checks); a filled blending order takes its parent
 * cylinders out of stock and brings the product in through inventory's GasStock port; certificates
 * are verified on a public, rate-limited call.
 */
export function registerGasModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { gasStock: GasStock; companies: Pick<CompaniesService, 'timeZoneOf' | 'find'> },
): { blendOrders: BlendOrdersService; purity: PurityService; certificates: CertificatesService } {
  const repository = new GasRepository(platform.db);
  const numbering = new GasNumbering(repository, deps.companies, platform.config.timeZone);
  const services = {
    blendOrders: new BlendOrdersService(platform.db, repository, deps.gasStock, numbering),
    purity: new PurityService(repository, numbering),
    certificates: new CertificatesService(platform.db, repository, numbering, deps.companies),
  };
  registerGasRoutes(app, services);
  return services;
}
