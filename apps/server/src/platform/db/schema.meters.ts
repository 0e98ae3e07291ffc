import type { Generated } from 'kysely';

/** Tables of electric meters (migration 2026-11-25-190-meters, modules/meters, docs/meters.md). */

/** A meter node's entity; its cabin node (kind 'meter') carries the name and permissions. */
export interface MeterTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  /** 101 standard, 100 virtual (spec §3). */
  node_type: number;
  factor: number;
  source_item_id: number | null;
  source_field: string | null;
  source_device_id: number | null;
  source_key: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One term of a virtual meter's formula: factor × the consumption of another meter. */
export interface MeterFormulaTermTable {
  id: Generated<number>;
  company_id: number;
  meter_id: number;
  source_meter_id: number;
  factor: number;
  sort_order: number;
}

/** One window of a company's time-of-use tariff (minutes of the local day). */
export interface MeterTariffWindowTable {
  id: Generated<number>;
  company_id: number;
  period: string;
  start_minute: number;
  end_minute: number;
  price: number;
  sort_order: number;
  updated_by: number | null;
  updated_at: number;
}

export interface MeterTables {
  meter: MeterTable;
  meter_formula_term: MeterFormulaTermTable;
  meter_tariff_window: MeterTariffWindowTable;
}
