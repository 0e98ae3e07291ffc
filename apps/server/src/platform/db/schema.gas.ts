import type { Generated } from 'kysely';

/** Tables of the gas module (migration 2026-11-28-260-gas, modules/gas, docs/gas.md). Instants epoch ms. */

/** A blending order: its calculation input and plan, then the weighed fill and the analysis (JSON). */
export interface GasBlendOrderTable {
  id: Generated<number>;
  company_id: number;
  /** GB-YYYYMMDD-NNN */
  number: string;
  /** draft, filled, analysed, certified, cancelled */
  state: string;
  method: string;
  cylinder_number: string;
  cylinder_material: string;
  valve: string;
  remarks: string;
  input_json: string;
  plan_json: string;
  fill_json: string | null;
  analysis_json: string | null;
  product_item_id: number | null;
  warehouse_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A high-purity grade of a gas (N5.0 …) with its impurity limits (JSON, ppm). */
export interface GasGradeTable {
  id: Generated<number>;
  company_id: number;
  gas: string;
  grade: string;
  impurities_json: string;
  remarks: string;
  created_at: number;
  updated_at: number;
}

/** An analysis of a high-purity cylinder against its grade. */
export interface GasPurityAnalysisTable {
  id: Generated<number>;
  company_id: number;
  /** HP-YYYYMMDD-NNN */
  number: string;
  grade_id: number;
  cylinder_number: string;
  lot: string;
  analysed_at: number;
  results_json: string;
  /** Purity with "< LOD" counted as 0, and with it counted at its LOD (the lower bound). */
  purity: number;
  purity_lower: number;
  passed: number;
  created_by: number | null;
  created_at: number;
}

/** A certificate: a snapshot of what it certifies and its public verification code. */
export interface GasCertificateTable {
  id: Generated<number>;
  company_id: number;
  /** CERT-YYYY-NNNNN */
  number: string;
  code: string;
  /** blend or purity */
  source: string;
  source_id: number;
  snapshot_json: string;
  /** valid or revoked (expired is computed from expires_at) */
  state: string;
  certified_at: string;
  expires_at: string;
  revoked_reason: string | null;
  revoked_at: number | null;
  created_by: number | null;
  created_at: number;
}

export interface GasTables {
  gas_blend_order: GasBlendOrderTable;
  gas_grade: GasGradeTable;
  gas_purity_analysis: GasPurityAnalysisTable;
  gas_certificate: GasCertificateTable;
}
