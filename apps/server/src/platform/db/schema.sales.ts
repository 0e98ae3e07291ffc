import type { Generated } from 'kysely';

/** Tables of sales contracts and orders (migration 2026-11-28-240-sales, docs/sales.md). */

export interface SlContractTable {
  id: Generated<number>;
  company_id: number;
  number: string;
  customer_id: number;
  title: string;
  /** Calendar dates `yyyy-MM-dd` in the company's zone. */
  signed_date: string | null;
  start_date: string | null;
  end_date: string | null;
  amount_cents: number;
  remarks: string;
  /** 'draft' | 'active' | 'closed' | 'cancelled' */
  state: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** An object of the storage module attached to a contract. */
export interface SlContractFileTable {
  id: Generated<number>;
  company_id: number;
  contract_id: number;
  object_key: string;
  file_name: string;
  content_type: string;
  size: number;
  created_by: number | null;
  created_at: number;
}

export interface SlOrderTable {
  id: Generated<number>;
  company_id: number;
  number: string;
  customer_id: number;
  contract_id: number | null;
  service_end_date: string | null;
  remarks: string;
  /** 'draft' | 'confirmed' | 'partiallyShipped' | 'shipped' | 'closed' | 'cancelled' */
  state: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  confirmed_at: number | null;
  closed_at: number | null;
}

/** A line of a sales order with where its quantity is: reserved, on open outbound orders, shipped. */
export interface SlOrderLineTable {
  id: Generated<number>;
  company_id: number;
  order_id: number;
  item_id: number;
  warehouse_id: number;
  quantity: number;
  reserved: number;
  on_outbound: number;
  shipped: number;
}

export interface SalesTables {
  sl_contract: SlContractTable;
  sl_contract_file: SlContractFileTable;
  sl_order: SlOrderTable;
  sl_order_line: SlOrderLineTable;
}
