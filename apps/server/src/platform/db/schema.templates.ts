import type { Generated } from 'kysely';

/** Tables of document and content templates (migration 2026-11-25-210-templates, modules/templates). */

/** A document template of a data item: a TipTap document with placeholders for a record's values. */
export interface DocTemplateTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  name: string;
  /** JSON text: the TipTap document. */
  body: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A content template of the company: a named text with `{{placeholders}}` (notifications). */
export interface ContentTemplateTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  item_id: number | null;
  content: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface TemplateTables {
  doc_template: DocTemplateTable;
  content_template: ContentTemplateTable;
}
