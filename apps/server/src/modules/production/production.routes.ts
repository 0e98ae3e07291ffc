import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addProductionOrderRequest, cancelProductionRequest, completeProductionRequest, outboundIdQuery, productionListQuery } from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { cabinCaller } from '../cabin/cabin.service';
import type { ProductionService } from './production.service';

const tags = ['production'];

/** Production orders (docs/inventory.md): permission pd_order. */
export function registerProductionRoutes(app: FastifyInstance, production: ProductionService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'pd_order' } as const;
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));

  r.post('/general/production/addOrder', { config, schema: { tags, summary: 'A production order (planned) of an item into a warehouse', body: addProductionOrderRequest } }, async (request) =>
    ok(await production.addOrder(caller(request), request.body)),
  );
  r.post(
    '/general/production/complete',
    { config, schema: { tags, summary: 'Produce units: serials become devices (status 0) received into the warehouse (status 1); partial completions add up', body: completeProductionRequest } },
    async (request) => ok(await production.complete(caller(request), request.body)),
  );
  r.post('/general/production/cancelOrder', { config, schema: { tags, summary: 'Cancel a planned order that has produced nothing', body: cancelProductionRequest } }, async (request) => {
    await production.cancel(caller(request), request.body.id);
    return ok(null);
  });
  r.get('/general/production/getOrder', { config, schema: { tags, summary: 'One production order', querystring: outboundIdQuery } }, async (request) => ok(await production.get(caller(request), request.query.id)));
  r.get('/general/production/getOrderList', { config, schema: { tags, summary: 'Production orders (paged; search by item name, filter by state)', querystring: productionListQuery } }, async (request) =>
    ok(await production.list(caller(request), request.query)),
  );
}
