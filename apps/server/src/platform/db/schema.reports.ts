import type { Generated } from 'kysely';

/** Tables of report templates (migration 2026-11-25-200-reports, modules/reports). */

/** A report template node's entity; its cabin node (kind 'reportTemplate') carries the name and permissions. */
export interface ReportTemplateTable {
  id: Generated<number>;
  company_id: number;
  node_id: number;
  name: string;
  /** JSON text: TemplateCell[]. */
  cells: string;
  /** JSON text: TemplateMerge[]. */
  merges: string;
  /** JSON text: number[] (A first). */
  column_widths: string;
  frequency: Generated<string>;
  format: Generated<string>;
  /** JSON text: string[]. */
  emails: Generated<string>;
  schedule_user_id: number | null;
  next_run_at: number | null;
  last_run_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** One delivered scheduled report: the file, kept in the database. */
export interface ReportDeliveryTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  template_name: string;
  period_from: number;
  period_to: number;
  format: string;
  file_name: string;
  content: Buffer;
  size: number;
  created_at: number;
}

export interface ReportTables {
  report_template: ReportTemplateTable;
  report_delivery: ReportDeliveryTable;
}
