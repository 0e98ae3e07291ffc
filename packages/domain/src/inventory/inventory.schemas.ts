import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { nameText, textSchema } from '../shared/text';
import { limits } from '../shared/limits';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { snPattern } from '../devices/topics';
import type { LifecycleDocument, LifecycleStatus } from '../devices/lifecycle';

/**
 * Production and inventory (issue 18, docs/inventory.md): master data (categories, items,
 * warehouses, customers), documents (production orders, stock-in, outbound orders, shipments,
 * returns), the append-only stock ledger and the stock it sums to. A serialized item is a device
 * model: its serials are device SNs and every move of one is a lifecycle move of that device.
 */

export const inventoryLimits = {
  nameLength: limits.generalNameLength,
  unitLength: 10,
  /** Serials of one document (a production completion, an outbound order, a return). */
  serialsMax: 500,
  /** Non-serialized lines of one document. */
  linesMax: 100,
  quantityMax: 1_000_000,
  carrierLength: 50,
  trackingNoLength: 50,
  contactLength: 50,
  remarksLength: 200,
  keywordLength: 50,
} as const;

export const warehouseKinds = ['raw', 'wip', 'finished', 'returns'] as const;
export type WarehouseKind = (typeof warehouseKinds)[number];

/** The documents of the ledger (a ledger row names its document kind and id). */
export const stockDocumentKinds = ['production', 'stockIn', 'outbound', 'return', 'gasBlend'] as const;
export type StockDocumentKind = (typeof stockDocumentKinds)[number];

export const productionStates = ['planned', 'inProgress', 'completed', 'cancelled'] as const;
export type ProductionState = (typeof productionStates)[number];
export const outboundStates = ['open', 'shipped', 'cancelled'] as const;
export type OutboundState = (typeof outboundStates)[number];
export const stockInStates = ['done', 'cancelled'] as const;
export type StockInState = (typeof stockInStates)[number];

const id = idSchema;
const name = nameText().min(1, 'validation.nameRequired').max(inventoryLimits.nameLength, 'validation.tooLong');
const quantity = numeric<number | string>(z.number().int('inventory.quantity').min(1, 'inventory.quantity').max(inventoryLimits.quantityMax, 'inventory.quantity'));
/** A serial is a device SN (a serialized item is a device model). */
export const serialSchema = z.string().trim().regex(snPattern, 'inventory.serial.pattern');
const serials = z
  .array(serialSchema)
  .max(inventoryLimits.serialsMax, 'validation.tooLong')
  .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, 'inventory.serial.repeated');
const keyword = z.string().trim().max(inventoryLimits.keywordLength, 'validation.tooLong').optional();
const optionalId = id.optional();
const text = (max: number) => textSchema().max(max, 'validation.tooLong');

// ---- master data ----

/** `POST /general/inventory/addCategory` → `{id}` (a tree: parentId null is a top category). */
export const addCategoryRequest = z.object({ name, parentId: id.nullable().optional() });
export type AddCategoryRequest = z.infer<typeof addCategoryRequest>;

/** `POST /general/inventory/addItem` → `{id}`. Serialized items are device models. */
export const addItemRequest = z.object({
  name,
  categoryId: id.nullable().optional(),
  serialized: z.boolean(),
  unit: text(inventoryLimits.unitLength).optional(),
});
export type AddItemRequest = z.infer<typeof addItemRequest>;

/** `POST /general/inventory/addWarehouse` → `{id}`; kind defaults to finished goods. */
export const addWarehouseRequest = z.object({ name, kind: z.enum(warehouseKinds).optional() });
export type AddWarehouseRequest = z.infer<typeof addWarehouseRequest>;

/** `POST /general/inventory/addCustomer` → `{id}`. */
export const addCustomerRequest = z.object({ name, contact: text(inventoryLimits.contactLength).optional(), phone: text(inventoryLimits.contactLength).optional() });
export type AddCustomerRequest = z.infer<typeof addCustomerRequest>;

/** `POST /general/inventory/updateSettings`: the company's inventory settings. */
export const inventorySettingsSchema = z.object({
  /** Whether non-serialized items may go below zero (default off). */
  allowNegativeStock: z.boolean(),
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;

export const masterListQuery = pageQuery.extend({ keyword });
export type MasterListQuery = z.infer<typeof masterListQuery>;
export const itemListQuery = masterListQuery.extend({ categoryId: optionalId, serialized: z.enum(['0', '1']).optional() });
export type ItemListQuery = z.infer<typeof itemListQuery>;

export interface CategoryItem {
  id: number;
  name: string;
  parentId: number | null;
}
export interface InventoryItem {
  id: number;
  name: string;
  categoryId: number | null;
  serialized: boolean;
  unit: string;
  createdAt: number;
}
export interface WarehouseItem {
  id: number;
  name: string;
  kind: WarehouseKind;
  createdAt: number;
}
export interface CustomerItem {
  id: number;
  name: string;
  contact: string;
  phone: string;
  createdAt: number;
}

// ---- production ----

/** `POST /general/production/addOrder` → `{id}` (state planned). */
export const addProductionOrderRequest = z.object({ itemId: id, quantity, warehouseId: id });
export type AddProductionOrderRequest = z.infer<typeof addProductionOrderRequest>;

/**
 * `POST /general/production/complete`: serials of a serialized item (devices created at 0 and
 * received at 1 into the order's warehouse), or a quantity of a non-serialized one. Completions
 * may be partial; the order is completed when its quantity is produced.
 */
export const completeProductionRequest = z.object({ id, serials: serials.optional(), quantity: quantity.optional() });
export type CompleteProductionRequest = z.infer<typeof completeProductionRequest>;

export const productionListQuery = pageQuery.extend({ keyword, state: z.enum(productionStates).optional() });
export type ProductionListQuery = z.infer<typeof productionListQuery>;

export interface ProductionOrderItem {
  id: number;
  itemId: number;
  itemName: string;
  warehouseId: number;
  quantity: number;
  produced: number;
  state: ProductionState;
  createdAt: number;
  completedAt: number | null;
}

// ---- stock documents ----

const line = z.object({ itemId: id, quantity });
export type StockLine = z.infer<typeof line>;
const lines = z.array(line).max(inventoryLimits.linesMax, 'validation.tooLong');

/** `POST /general/inventory/addStockIn` → `{id}`: serials of a serialized item (the company's devices at status 0, or new serials registered as devices), or lines of non-serialized ones. */
export const addStockInRequest = z.object({ warehouseId: id, itemId: optionalId, serials: serials.optional(), lines: lines.optional() });
export type AddStockInRequest = z.infer<typeof addStockInRequest>;

/**
 * `POST /general/inventory/addOutbound` → `{id}`: devices (serials, status 1 → 2) and
 * non-serialized lines leave the warehouse; `customer` is a customer's id or name (a new name
 * becomes a customer).
 */
export const addOutboundRequest = z.object({
  warehouseId: id,
  customer: z.union([z.number().int().positive(), name]),
  serials: serials.default([]),
  lines: lines.optional(),
  remarks: text(inventoryLimits.remarksLength).optional(),
});
export type AddOutboundRequest = z.infer<typeof addOutboundRequest>;

/** `POST /general/inventory/ship`: the outbound order's devices are shipped (2 → 3). */
export const shipRequest = z.object({
  id,
  carrier: text(inventoryLimits.carrierLength).min(1, 'validation.required'),
  trackingNo: text(inventoryLimits.trackingNoLength).min(1, 'validation.required'),
});
export type ShipRequest = z.infer<typeof shipRequest>;

/** `POST /general/inventory/addReturn` → `{id}`: shipped devices (3 → 1) into a returns warehouse. */
export const addReturnRequest = z.object({ warehouseId: id, serials: serials.min(1, 'validation.required'), remarks: text(inventoryLimits.remarksLength).optional() });
export type AddReturnRequest = z.infer<typeof addReturnRequest>;

/** `POST /general/inventory/cancelStockIn | cancelOutbound {id}`: corrections by cancelling (reversing ledger rows), never by editing. */
export interface CancelDocumentRequest {
  kind: 'stockIn' | 'outbound';
  id: number;
}
export const cancelProductionRequest = z.object({ id });

export const stockQuery = z.object({ itemId: optionalId, warehouseId: optionalId });
export type StockQuery = z.infer<typeof stockQuery>;
export interface StockRow {
  itemId: number;
  warehouseId: number;
  /** On hand: the ledger's sum. */
  quantity: number;
}
/** A row of `getStock`: on hand with what confirmed sales orders hold of it (docs/sales.md). */
export interface StockAvailabilityRow extends StockRow {
  reserved: number;
  /** What a plain outbound order may take: quantity − reserved. */
  available: number;
}

export const outboundListQuery = pageQuery.extend({ keyword, state: z.enum(outboundStates).optional() });
export type OutboundListQuery = z.infer<typeof outboundListQuery>;
export interface OutboundOrderItem {
  id: number;
  warehouseId: number;
  customerId: number;
  customerName: string;
  state: OutboundState;
  serials: string[];
  lines: StockLine[];
  carrier: string | null;
  trackingNo: string | null;
  remarks: string;
  createdAt: number;
  shippedAt: number | null;
}
export const outboundIdQuery = z.object({ id });

export const ledgerQuery = pageQuery.extend({ itemId: optionalId, warehouseId: optionalId, serial: z.string().trim().max(32).optional(), documentKind: z.enum(stockDocumentKinds).optional() });
export type LedgerQuery = z.infer<typeof ledgerQuery>;
export interface LedgerEntry {
  id: number;
  documentKind: StockDocumentKind;
  documentId: number;
  itemId: number;
  warehouseId: number;
  serial: string | null;
  quantity: number;
  /** A row written by cancelling its document (it reverses an earlier row). */
  reversal: boolean;
  createdAt: number;
  userId: number | null;
}

/** `GET /general/inventory/getDeviceHistory?id=` (device id): the lifecycle moves, oldest first. */
export const deviceHistoryQuery = z.object({ id });
export interface DeviceHistoryEntry {
  from: LifecycleStatus | null;
  to: LifecycleStatus;
  document: LifecycleDocument | 'create';
  documentKind: StockDocumentKind | null;
  documentId: number | null;
  at: number;
  userId: number | null;
  userName: string | null;
}
