import { z } from 'zod';
import { idSchema, nameSchema, recordIdSchema } from '../shared/ids';
import { textSchema } from '../shared/text';
import type { PermissionLevel } from '../cabin/cabin.schemas';
import { richDocumentProblem, type RichNode } from './richDocument';

/**
 * Document templates (文档模板) and content templates (内容模板) of issue 17 (docs/templates.md):
 * the calls under `/general/template/`.
 */

export const templateLimits = { contentLength: 2000, docTemplatesPerItem: 50, contentTemplatesPerCompany: 500 } as const;

/** A document body: TipTap JSON of known node and mark types only, within the size limits. */
export const richDocumentSchema = z.custom<RichNode>().superRefine((value, ctx) => {
  const problem = richDocumentProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
  }
});

/** `GET /general/template/getDocTemplates?itemId=` */
export const docTemplatesQuery = z.object({ itemId: idSchema });
/** `GET /general/template/getDocTemplate?id=` */
export const docTemplateQuery = z.object({ id: idSchema });
/** `POST /general/template/addDocTemplate` (read-write on the item) */
export const addDocTemplateRequest = z.object({ itemId: idSchema, name: nameSchema, body: richDocumentSchema });
export type AddDocTemplateRequest = z.input<typeof addDocTemplateRequest>;
/** `POST /general/template/updateDocTemplate` */
export const updateDocTemplateRequest = z.object({ id: idSchema, name: nameSchema, body: richDocumentSchema });
export type UpdateDocTemplateRequest = z.input<typeof updateDocTemplateRequest>;
/** `GET /general/template/renderDocument?templateId=&recordId=` and `exportDocumentPdf` (same query). */
export const renderDocumentQuery = z.object({ templateId: idSchema, recordId: recordIdSchema });
export type RenderDocumentQuery = z.input<typeof renderDocumentQuery>;

export interface DocTemplateSummary {
  id: number;
  itemId: number;
  name: string;
  updatedAt: number;
}

export interface DocTemplate extends DocTemplateSummary {
  body: RichNode;
  /** The caller's level on the item: read may print, readWrite may edit. */
  level: PermissionLevel;
}

export interface DocTemplateList {
  list: DocTemplateSummary[];
  itemName: string;
  level: PermissionLevel;
}

/** A document filled for one record. */
export interface RenderedDocument {
  templateId: number;
  name: string;
  itemId: number;
  itemName: string;
  recordId: number;
  document: RichNode;
  /** The filled document as HTML (escaped, known tags only), for printing. */
  html: string;
}

// ---- content templates ----

const contentBody = textSchema().min(1, 'validation.required').max(templateLimits.contentLength, 'validation.tooLong');
const optionalItemId = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/** `POST /general/template/addContentTemplate`: a named text with `{{placeholders}}`; the item (optional) offers its fields. */
export const addContentTemplateRequest = z.object({ name: nameSchema, itemId: optionalItemId, content: contentBody });
export type AddContentTemplateRequest = z.input<typeof addContentTemplateRequest>;
/** `POST /general/template/updateContentTemplate` */
export const updateContentTemplateRequest = z.object({ id: idSchema, name: nameSchema, itemId: optionalItemId, content: contentBody });
export type UpdateContentTemplateRequest = z.input<typeof updateContentTemplateRequest>;
/** `GET /general/template/renderContent?templateId=&recordId=` */
export const renderContentQuery = z.object({ templateId: idSchema, recordId: recordIdSchema });
export type RenderContentQuery = z.input<typeof renderContentQuery>;

export interface ContentTemplate {
  id: number;
  name: string;
  itemId: number | null;
  itemName: string | null;
  content: string;
  updatedAt: number;
}

export interface RenderedContent {
  templateId: number;
  recordId: number;
  text: string;
}
