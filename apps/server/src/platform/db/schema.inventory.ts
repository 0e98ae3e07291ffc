import type { Generated } from 'kysely';

/** Tables of production and inventory (migration 2026-11-25-220-inventory, docs/inventory.md). */

export interface InvCategoryTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  created_at: number;
}

/** An item; a serialized one (1) is a device model whose serials are device SNs. */
export interface InvItemTable {
  id: Generated<number>;
  company_id: number;
  category_id: number | null;
  name: string;
  serialized: number;
  unit: string;
  created_at: number;
}

export interface InvWarehouseTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** 'raw' | 'wip' | 'finished' | 'returns' */
  kind: string;
  created_at: number;
}

export interface InvCustomerTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  contact: string;
  phone: string;
  created_at: number;
}

/** A company's inventory settings; no row means the defaults (no negative stock). */
export interface InvSettingTable {
  company_id: number;
  allow_negative_stock: number;
  updated_at: number;
}

export interface ProductionOrderTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  warehouse_id: number;
  quantity: number;
  produced: number;
  /** 'planned' | 'inProgress' | 'completed' | 'cancelled' */
  state: string;
  created_by: number | null;
  created_at: number;
  completed_at: number | null;
}

export interface InvStockInTable {
  id: Generated<number>;
  company_id: number;
  warehouse_id: number;
  /** 'done' | 'cancelled' */
  state: string;
  created_by: number | null;
  created_at: number;
  cancelled_at: number | null;
}

export interface InvOutboundTable {
  id: Generated<number>;
  company_id: number;
  warehouse_id: number;
  customer_id: number;
  /** 'open' | 'shipped' | 'cancelled' */
  state: string;
  remarks: string;
  created_by: number | null;
  created_at: number;
  shipped_at: number | null;
  cancelled_at: number | null;
  /** The sales order it was made for (migration 240); null for a plain outbound order. */
  sales_order_id: Generated<number | null>;
}

/** A serial (quantity 1) or a non-serialized line of an outbound order. */
export interface InvOutboundLineTable {
  id: Generated<number>;
  company_id: number;
  outbound_id: number;
  item_id: number;
  serial: string | null;
  quantity: number;
}

export interface InvShipmentTable {
  id: Generated<number>;
  company_id: number;
  outbound_id: number;
  carrier: string;
  tracking_no: string;
  created_by: number | null;
  created_at: number;
}

export interface InvReturnTable {
  id: Generated<number>;
  company_id: number;
  warehouse_id: number;
  remarks: string;
  created_by: number | null;
  created_at: number;
}

/** The append-only stock ledger: one row per movement (± quantity), reversals on cancel. */
export interface InvLedgerTable {
  id: Generated<number>;
  company_id: number;
  /** 'production' | 'stockIn' | 'outbound' | 'return' */
  document_kind: string;
  document_id: number;
  item_id: number;
  warehouse_id: number;
  serial: string | null;
  quantity: number;
  reversal: number;
  created_by: number | null;
  created_at: number;
}

/** On hand per item and warehouse (the ledger's sum, kept in the same transaction). */
export interface InvStockTable {
  company_id: number;
  item_id: number;
  warehouse_id: number;
  quantity: number;
  /** Held by confirmed sales orders (migration 240): available = quantity − reserved. */
  reserved: Generated<number>;
}

/**
 * The append-only reservation ledger (migration 240): every change of a reserved quantity with
 * the sales order (and outbound order) that made it; inv_stock.reserved is its sum.
 */
export interface InvReservationTable {
  id: Generated<number>;
  company_id: number;
  sales_order_id: number;
  outbound_id: number | null;
  item_id: number;
  warehouse_id: number;
  quantity: number;
  /** 'confirm' | 'cancel' | 'close' | 'outbound' | 'outboundCancel' */
  reason: string;
  created_by: number | null;
  created_at: number;
}

/** Where a serial is: a warehouse or an open outbound order (at most one place). */
export interface InvSerialTable {
  company_id: number;
  serial: string;
  item_id: number;
  device_id: number;
  warehouse_id: number | null;
  outbound_id: number | null;
  updated_at: number;
}

/** The devices module's: a device's lifecycle moves with the document that made each. */
export interface DeviceLifecycleTable {
  id: Generated<number>;
  company_id: number;
  device_id: number;
  from_status: number | null;
  to_status: number;
  document: string;
  document_kind: string | null;
  document_id: number | null;
  created_by: number | null;
  created_at: number;
}

export interface InventoryTables {
  inv_category: InvCategoryTable;
  inv_item: InvItemTable;
  inv_warehouse: InvWarehouseTable;
  inv_customer: InvCustomerTable;
  inv_setting: InvSettingTable;
  production_order: ProductionOrderTable;
  inv_stock_in: InvStockInTable;
  inv_outbound: InvOutboundTable;
  inv_outbound_line: InvOutboundLineTable;
  inv_shipment: InvShipmentTable;
  inv_return: InvReturnTable;
  inv_ledger: InvLedgerTable;
  inv_stock: InvStockTable;
  inv_serial: InvSerialTable;
  inv_reservation: InvReservationTable;
  device_lifecycle: DeviceLifecycleTable;
}
