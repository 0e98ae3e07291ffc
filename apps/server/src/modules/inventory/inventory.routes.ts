import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCategoryRequest,
  addCustomerRequest,
  addItemRequest,
  addOutboundRequest,
  addReturnRequest,
  addStockInRequest,
  addWarehouseRequest,
  idRequest,
  inventorySettingsSchema,
  itemListQuery,
  ledgerQuery,
  masterListQuery,
  outboundIdQuery,
  outboundListQuery,
  shipRequest,
  stockQuery,
} from '@smartdata/domain';
import { companyOf, sessionOf } from '@server/platform/auth/hook';
import { ok } from '@server/platform/envelope';
import { cabinCaller } from '../cabin/cabin.service';
import type { MasterDataService } from './masterData.service';
import type { OutboundService } from './outbound.service';
import type { StockInService } from './stockIn.service';
import type { StockService } from './stock.service';

const tags = ['inventory'];

/**
 * Inventory calls (docs/inventory.md). Permission codes of the inventory menu: iv_category
 * (categories, items), iv_warehousing (warehouses, stock-in, returns, settings), iv_outbound
 * (customers, outbound orders, shipping); the reads that every inventory, production and sales
 * page needs (items, warehouses, customers, stock, ledger) take any of them, pd_order, sl_order or
 * sl_contract.
 */
export function registerInventoryRoutes(app: FastifyInstance, services: { masterData: MasterDataService; stock: StockService; stockIn: StockInService; outbound: OutboundService }): void {
  const { masterData, stock, stockIn, outbound: outboundService } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => cabinCaller(sessionOf(request), companyOf(request));
  const category = { permission: 'iv_category' } as const;
  const warehousing = { permission: 'iv_warehousing' } as const;
  const outbound = { permission: 'iv_outbound' } as const;
  const reads = { permission: ['iv_category', 'iv_warehousing', 'iv_outbound', 'pd_order', 'sl_order', 'sl_contract'] } as const;

  r.post('/general/inventory/addCategory', { config: category, schema: { tags, summary: 'A category (tree: parentId)', body: addCategoryRequest } }, async (request) => ok(await masterData.addCategory(caller(request), request.body)));
  r.get('/general/inventory/getCategoryList', { config: reads, schema: { tags, summary: 'Categories (paged, search by name; parentId gives the tree)', querystring: masterListQuery } }, async (request) =>
    ok(await masterData.listCategories(caller(request), request.query)),
  );
  r.post('/general/inventory/addItem', { config: category, schema: { tags, summary: 'An item; serialized items are device models', body: addItemRequest } }, async (request) => ok(await masterData.addItem(caller(request), request.body)));
  r.get('/general/inventory/getItemList', { config: reads, schema: { tags, summary: 'Items (paged, search by name, category subtree, serialized)', querystring: itemListQuery } }, async (request) =>
    ok(await masterData.listItems(caller(request), request.query)),
  );
  r.post('/general/inventory/addWarehouse', { config: warehousing, schema: { tags, summary: 'A warehouse (raw, wip, finished — the default — or returns)', body: addWarehouseRequest } }, async (request) =>
    ok(await masterData.addWarehouse(caller(request), request.body)),
  );
  r.get('/general/inventory/getWarehouseList', { config: reads, schema: { tags, summary: 'Warehouses (paged, search by name)', querystring: masterListQuery } }, async (request) =>
    ok(await masterData.listWarehouses(caller(request), request.query)),
  );
  r.post('/general/inventory/addCustomer', { config: outbound, schema: { tags, summary: 'A customer with a contact', body: addCustomerRequest } }, async (request) => ok(await masterData.addCustomer(caller(request), request.body)));
  r.get('/general/inventory/getCustomerList', { config: reads, schema: { tags, summary: 'Customers (paged, search by name)', querystring: masterListQuery } }, async (request) =>
    ok(await masterData.listCustomers(caller(request), request.query)),
  );
  r.get('/general/inventory/getSettings', { config: reads, schema: { tags, summary: "The company's inventory settings" } }, async (request) => ok(await masterData.settings(companyOf(request))));
  r.post('/general/inventory/updateSettings', { config: warehousing, schema: { tags, summary: 'Allow negative stock of non-serialized items (default off)', body: inventorySettingsSchema } }, async (request) => {
    await masterData.updateSettings(companyOf(request), request.body);
    return ok(null);
  });

  r.post('/general/inventory/addStockIn', { config: warehousing, schema: { tags, summary: 'Stock-in: devices at status 0 (serials) or non-serialized lines', body: addStockInRequest } }, async (request) =>
    ok(await stockIn.addStockIn(caller(request), request.body)),
  );
  r.post('/general/inventory/cancelStockIn', { config: warehousing, schema: { tags, summary: 'Cancel a stock-in of non-serialized lines (reversing ledger rows)', body: idRequest } }, async (request) => {
    await stockIn.cancelStockIn(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/inventory/addOutbound', { config: outbound, schema: { tags, summary: 'An outbound order: devices of the warehouse (status 1 → 2) and lines leave its stock', body: addOutboundRequest } }, async (request) =>
    ok(await outboundService.addOutbound(caller(request), request.body)),
  );
  r.post('/general/inventory/cancelOutbound', { config: outbound, schema: { tags, summary: 'Cancel an open outbound order (devices 2 → 1, reversing ledger rows)', body: idRequest } }, async (request) => {
    await outboundService.cancelOutbound(caller(request), request.body.id);
    return ok(null);
  });
  r.post('/general/inventory/ship', { config: outbound, schema: { tags, summary: 'Ship an open outbound order with carrier and tracking number (devices 2 → 3)', body: shipRequest } }, async (request) => {
    await outboundService.ship(caller(request), request.body);
    return ok(null);
  });
  r.get('/general/inventory/getOutboundList', { config: outbound, schema: { tags, summary: 'Outbound orders (paged, search by customer, filter by state)', querystring: outboundListQuery } }, async (request) =>
    ok(await outboundService.listOutbound(caller(request), request.query)),
  );
  r.get('/general/inventory/getOutbound', { config: outbound, schema: { tags, summary: 'One outbound order with serials, lines and shipment (the outbound note)', querystring: outboundIdQuery } }, async (request) =>
    ok(await outboundService.getOutbound(caller(request), request.query.id)),
  );
  r.post('/general/inventory/addReturn', { config: warehousing, schema: { tags, summary: 'A return: shipped devices (status 3 → 1) into a returns warehouse', body: addReturnRequest } }, async (request) =>
    ok(await stockIn.addReturn(caller(request), request.body)),
  );
  r.get('/general/inventory/getStock', { config: reads, schema: { tags, summary: 'On hand, reserved for sales orders and available per item and warehouse', querystring: stockQuery } }, async (request) => ok(await stock.getStock(caller(request), request.query)));
  r.get('/general/inventory/getLedger', { config: reads, schema: { tags, summary: 'The stock ledger (paged, newest first; by item, warehouse, serial, document kind)', querystring: ledgerQuery } }, async (request) =>
    ok(await stock.listLedger(caller(request), request.query)),
  );
}
