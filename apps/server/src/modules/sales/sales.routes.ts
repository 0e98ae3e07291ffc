import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addContractRequest,
  addSalesOrderRequest,
  addSalesOutboundRequest,
  contractFileRequest,
  contractListQuery,
  renewalsQuery,
  renewContractRequest,
  renewSalesOrderRequest,
  salesIdQuery,
  salesIdRequest,
  salesOrderListQuery,
  signContractRequest,
  updateContractRequest,
  updateSalesOrderRequest,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { cabinCaller } from '../cabin/cabin.service';
import type { SalesService } from './sales.service';

const tags = ['sales'];

/**
 * Sales calls (docs/sales.md). Permission codes of the sales menu: sl_contract (contracts and
 * their files), sl_order (sales orders); an outbound order for a sales order is a stock document
 * (iv_outbound), and the warehouse reads the orders it ships (sl_order or iv_outbound). The
 * renewal view answers the kinds the caller holds a code of.
 */
export function registerSalesRoutes(app: FastifyInstance, sales: SalesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const contracts = { permission: 'sl_contract' } as const;
  const orders = { permission: 'sl_order' } as const;
  const orderReads = { permission: ['sl_order', 'iv_outbound'] } as const;
  const outbound = { permission: 'iv_outbound' } as const;
  const renewals = { permission: ['sl_order', 'sl_contract'] } as const;
  const done = () => ok(null);

  r.post('/general/sales/addContract', { config: contracts, schema: { tags, summary: 'A draft contract (number automatic when empty; customer id or a new name)', body: addContractRequest } }, async (request) =>
    ok(await sales.addContract(caller(request), request.body)),
  );
  r.post('/general/sales/updateContract', { config: contracts, schema: { tags, summary: 'Every field of a draft contract', body: updateContractRequest } }, async (request) => {
    await sales.updateContract(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/signContract', { config: contracts, schema: { tags, summary: 'Sign a draft contract (draft → active)', body: signContractRequest } }, async (request) => {
    await sales.signContract(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/cancelContract', { config: contracts, schema: { tags, summary: 'Cancel a draft or active contract without open orders', body: salesIdRequest } }, async (request) => {
    await sales.endContract(caller(request), request.body.id, 'cancel');
    return done();
  });
  r.post('/general/sales/closeContract', { config: contracts, schema: { tags, summary: 'Close an active contract without open orders', body: salesIdRequest } }, async (request) => {
    await sales.endContract(caller(request), request.body.id, 'close');
    return done();
  });
  r.post('/general/sales/renewContract', { config: contracts, schema: { tags, summary: "A later end of an active contract's service period", body: renewContractRequest } }, async (request) => {
    await sales.renewContract(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/addContractFile', { config: contracts, schema: { tags, summary: 'Attach an uploaded object (purpose object or private) to a draft or active contract', body: contractFileRequest } }, async (request) => {
    await sales.addContractFile(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/removeContractFile', { config: contracts, schema: { tags, summary: "Remove a contract's file (its object is deleted)", body: contractFileRequest } }, async (request) => {
    await sales.removeContractFile(caller(request), request.body);
    return done();
  });
  r.get('/general/sales/getContractFileUrl', { config: contracts, schema: { tags, summary: "A signed download URL of a contract's file", querystring: contractFileRequest } }, async (request) =>
    ok(await sales.contractFileUrl(caller(request), request.query)),
  );
  r.get('/general/sales/getContract', { config: contracts, schema: { tags, summary: 'One contract with its files', querystring: salesIdQuery } }, async (request) => ok(await sales.getContract(caller(request), request.query.id)));
  r.get('/general/sales/getContractList', { config: contracts, schema: { tags, summary: 'Contracts (paged; search by number, title, customer; filter by state, customer)', querystring: contractListQuery } }, async (request) =>
    ok(await sales.listContracts(caller(request), request.query)),
  );

  r.post('/general/sales/addOrder', { config: orders, schema: { tags, summary: 'A draft sales order with lines {itemId, warehouseId, quantity}', body: addSalesOrderRequest } }, async (request) =>
    ok(await sales.addOrder(caller(request), request.body)),
  );
  r.post('/general/sales/updateOrder', { config: orders, schema: { tags, summary: 'Every field of a draft order (lines replaced)', body: updateSalesOrderRequest } }, async (request) => {
    await sales.updateOrder(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/confirmOrder', { config: orders, schema: { tags, summary: 'Confirm a draft order: reserves every line in its warehouse, or refuses', body: salesIdRequest } }, async (request) => {
    await sales.confirmOrder(caller(request), request.body.id);
    return done();
  });
  r.post('/general/sales/cancelOrder', { config: orders, schema: { tags, summary: 'Cancel a draft or confirmed order (releases its reservation)', body: salesIdRequest } }, async (request) => {
    await sales.endOrder(caller(request), request.body.id, 'cancel');
    return done();
  });
  r.post('/general/sales/closeOrder', { config: orders, schema: { tags, summary: 'Close a shipped or partially shipped order (the rest of its reservation is released)', body: salesIdRequest } }, async (request) => {
    await sales.endOrder(caller(request), request.body.id, 'close');
    return done();
  });
  r.post('/general/sales/renewOrder', { config: orders, schema: { tags, summary: "A later service end of an order (renewal)", body: renewSalesOrderRequest } }, async (request) => {
    await sales.renewOrder(caller(request), request.body);
    return done();
  });
  r.post('/general/sales/addOutbound', { config: outbound, schema: { tags, summary: "An outbound order for a sales order; it consumes the order's reservation", body: addSalesOutboundRequest } }, async (request) =>
    ok(await sales.addOutbound(caller(request), request.body)),
  );
  r.get('/general/sales/getOrder', { config: orderReads, schema: { tags, summary: 'One sales order with its lines and outbound orders', querystring: salesIdQuery } }, async (request) => ok(await sales.getOrder(caller(request), request.query.id)));
  r.get('/general/sales/getOrderList', { config: orderReads, schema: { tags, summary: 'Sales orders (paged; search by number, remarks, customer; filter by state, customer, contract)', querystring: salesOrderListQuery } }, async (request) =>
    ok(await sales.listOrders(caller(request), request.query)),
  );
  r.get('/general/sales/getRenewals', { config: renewals, schema: { tags, summary: 'Orders and contracts whose service ends within `days` days or has ended (the navbar renewal notice)', querystring: renewalsQuery } }, async (request) => {
    const codes = sessionOf(request).codes;
    return ok(await sales.renewals(caller(request), request.query, { orders: codes.has('sl_order'), contracts: codes.has('sl_contract') }));
  });
}
