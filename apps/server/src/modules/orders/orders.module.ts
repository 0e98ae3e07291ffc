import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { OrdersRepository } from './orders.repository';
import { registerOrdersRoutes } from './orders.routes';
import { OrdersService, type OrderCompanies } from './orders.service';

/**
 * Product orders. Needs to know which companies exist (`companies`); answers the service the
 * companies and users modules ask for each company's current order.
 */
export function registerOrdersModule(app: FastifyInstance, platform: Platform, deps: { companies: OrderCompanies }): OrdersService {
  const orders = new OrdersService(new OrdersRepository(platform.db), deps.companies);
  registerOrdersRoutes(app, { orders });
  return orders;
}
