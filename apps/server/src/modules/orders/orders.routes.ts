import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addOrderRequest, orderListQuery, renewOrderRequest } from '@smartdata/domain';
import { ok } from '@server/platform/envelope';
import { companyOf } from '@server/platform/auth/hook';
import { requestLocale } from '@server/platform/i18n';
import type { OrdersService } from './orders.service';

const tags = ['orders'];

/** A company's orders, and the platform's list, new orders and renewals. */
export function registerOrdersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const platformOnly = { permission: 'system_company', platformAdmin: true } as const;

  r.get('/general/order/getMyOrders', { config: { permission: 'pc_my_order' }, schema: { tags, summary: "The company's product orders" } }, async (request) =>
    ok(await orders.myOrders(companyOf(request), requestLocale(request))),
  );
  r.get('/general/order/getOrderList', { config: platformOnly, schema: { tags, summary: 'Orders of every company (platform)', querystring: orderListQuery } }, async (request) =>
    ok(await orders.list(request.query.pageNum, request.query.pageSize, requestLocale(request), request.query.companyId)),
  );
  r.post('/general/order/addOrder', { config: platformOnly, schema: { tags, summary: 'Create an order for a company (platform)', body: addOrderRequest } }, async (request) =>
    ok(await orders.add(request.body)),
  );
  r.post('/general/order/renewOrder', { config: platformOnly, schema: { tags, summary: 'Renew an order: a later expiry (platform)', body: renewOrderRequest } }, async (request) => {
    await orders.renew(request.body.id, request.body.expireAt);
    return ok(null);
  });
}
