import type { Generated } from 'kysely';

/** Tables of the data cabin: tree nodes, permissions, data items, fields, records, forms, jumps, forwards, item groups. */

/** A node of a company's cabin tree; `ref_id` is the id of its entity in the module of its kind. */
export interface CabinNodeTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  ref_id: number | null;
  /** 'default' inherits the parent's grants; 'custom' has its own (cabin_grant rows). */
  perm_mode: string;
  sort_order: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A data permission of a custom node: scope company (target = company id), group or user. */
export interface CabinGrantTable {
  company_id: number;
  node_id: number;
  scope: string;
  target_id: number;
  level: string;
}

export interface DataItemTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  kind: number;
  /** JSON list of fields (DataField). */
  fields: string;
  expiry_days: number | null;
  parent_item_id: number | null;
  /** Records of the item, kept by every insert and delete (the unfiltered total). */
  record_count: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DataRecordTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  parent_record_id: number | null;
  /** JSON object of values keyed by fieldName. */
  values_json: string;
  source: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DataFormTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  name: string;
  design: string;
  created_at: number;
  updated_at: number;
}

export interface DataJumpTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  name: string;
  priority: number;
  target_item_id: number;
  conditions: string;
  created_at: number;
  updated_at: number;
}

export interface DataForwardTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  name: string;
  conditions: string;
  target_item_id: number;
  mappings: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface DataItemGroupTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  item_ids: string;
  created_at: number;
  updated_at: number;
}

export interface CabinTables {
  cabin_node: CabinNodeTable;
  cabin_grant: CabinGrantTable;
  data_item: DataItemTable;
  data_record: DataRecordTable;
  data_form: DataFormTable;
  data_jump: DataJumpTable;
  data_forward: DataForwardTable;
  data_item_group: DataItemGroupTable;
}
