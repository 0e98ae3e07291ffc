import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { numeric } from '../shared/numbers';
import { pageQuery } from '../shared/paging';
import { nameText, textSchema } from '../shared/text';

/**
 * Report templates (issue 17, docs/reports.md): cabin nodes of kind `reportTemplate` holding a small
 * sheet — cells with free text, a data-item field reduced over the report period, a meter's
 * consumption over the period, or a formula over other cells — with merges, number formats, column
 * widths and bold/colour. Previewed for a period and exported as XLSX or PDF.
 */

export const reportAggregates = ['sum', 'avg', 'min', 'max', 'last', 'count'] as const;
export type ReportAggregate = (typeof reportAggregates)[number];
export const reportPeriods = ['day', 'week', 'month', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportFormats = ['xlsx', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const reportFrequencies = ['off', 'daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];
export const reportAligns = ['left', 'center', 'right'] as const;

export const reportLimits = {
  nameLength: 100,
  /** Columns A…Z. */
  columns: 26,
  rows: 200,
  cells: 2000,
  textLength: 500,
  formulaLength: 500,
  formatLength: 64,
  widthMin: 2,
  widthMax: 100,
  merges: 200,
  emails: 20,
  /** Longest custom period: a little over a year. */
  customDays: 370,
} as const;

/** 'A1'…'Z200'. */
export const cellRefPattern = /^([A-Z])([1-9]\d{0,2})$/;
export function cellRefValid(ref: string): boolean {
  const match = cellRefPattern.exec(ref);
  return !!match && Number(match[2]) <= reportLimits.rows;
}
/** Zero-based row and column of a valid ref. */
export function cellPosition(ref: string): { row: number; col: number } {
  const match = cellRefPattern.exec(ref);
  if (!match) {
    throw new Error(`not a cell ref: ${ref}`);
  }
  return { row: Number(match[2]) - 1, col: match[1].charCodeAt(0) - 65 };
}
export function cellRefOf(row: number, col: number): string {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

const refSchema = z
  .string()
  .trim()
  .transform((ref) => ref.toUpperCase())
  .refine(cellRefValid, 'validation.report.ref');
const colorSchema = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, 'validation.report.color');

/** A data-item field reduced over the report period. */
export const fieldBindingSchema = z.object({ itemId: idSchema, fieldName: z.string().trim().min(1, 'validation.required').max(64, 'validation.tooLong'), aggregate: z.enum(reportAggregates) });
/** A meter's consumption over the report period (the meters module's getConsumption total). */
export const meterBindingSchema = z.object({ meterId: idSchema });
export type FieldBinding = z.infer<typeof fieldBindingSchema>;
export type MeterBinding = z.infer<typeof meterBindingSchema>;
export type CellBinding = FieldBinding | MeterBinding;
export const isMeterBinding = (bind: CellBinding): bind is MeterBinding => 'meterId' in bind;

export const templateCellSchema = z
  .object({
    ref: refSchema,
    text: textSchema().max(reportLimits.textLength, 'validation.tooLong').optional(),
    formula: z.string().trim().max(reportLimits.formulaLength, 'validation.tooLong').optional(),
    bind: z.union([fieldBindingSchema, meterBindingSchema]).optional(),
    format: z.string().trim().max(reportLimits.formatLength, 'validation.tooLong').optional(),
    bold: z.boolean().optional(),
    color: colorSchema.optional(),
    fill: colorSchema.optional(),
    align: z.enum(reportAligns).optional(),
  })
  .refine((cell) => [cell.text !== undefined && cell.text !== '', cell.formula !== undefined && cell.formula !== '', cell.bind !== undefined].filter(Boolean).length <= 1, {
    message: 'validation.report.oneContent',
    path: ['formula'],
  })
  .refine((cell) => cell.formula === undefined || cell.formula === '' || cell.formula.replace(/^=/, '').trim() !== '', { message: 'validation.report.formula', path: ['formula'] });
export type TemplateCell = z.output<typeof templateCellSchema>;
export type TemplateCellInput = z.input<typeof templateCellSchema>;

export const mergeSchema = z.object({ from: refSchema, to: refSchema });
export type TemplateMerge = z.infer<typeof mergeSchema>;

const widthSchema = z.number().min(reportLimits.widthMin, 'validation.report.width').max(reportLimits.widthMax, 'validation.report.width');

/** The problems of a layout as a whole (unique refs, merges that do not overlap). */
export function layoutProblems(layout: { cells: readonly { ref: string }[]; merges: readonly TemplateMerge[] }): { path: (string | number)[]; key: string }[] {
  const problems: { path: (string | number)[]; key: string }[] = [];
  const seen = new Set<string>();
  layout.cells.forEach((cell, index) => {
    if (seen.has(cell.ref)) {
      problems.push({ path: ['cells', index, 'ref'], key: 'validation.report.duplicateRef' });
    }
    seen.add(cell.ref);
  });
  const taken = new Set<string>();
  layout.merges.forEach((merge, index) => {
    if (!cellRefValid(merge.from) || !cellRefValid(merge.to)) {
      return;
    }
    const a = cellPosition(merge.from);
    const b = cellPosition(merge.to);
    if (a.row > b.row || a.col > b.col || (a.row === b.row && a.col === b.col)) {
      problems.push({ path: ['merges', index, 'to'], key: 'validation.report.merge' });
      return;
    }
    for (let r = a.row; r <= b.row; r++) {
      for (let c = a.col; c <= b.col; c++) {
        const key = `${r}:${c}`;
        if (taken.has(key)) {
          problems.push({ path: ['merges', index, 'to'], key: 'validation.report.mergeOverlap' });
          return;
        }
        taken.add(key);
      }
    }
  });
  return problems;
}

const layoutFields = {
  cells: z.array(templateCellSchema).max(reportLimits.cells, 'validation.tooLong'),
  merges: z.array(mergeSchema).max(reportLimits.merges, 'validation.tooLong').default([]),
  /** Column widths in Excel character units, A first; missing ones are 12. */
  columnWidths: z.array(widthSchema).max(reportLimits.columns, 'validation.tooLong').default([]),
};

function checkLayout(value: { cells: readonly { ref: string }[]; merges: readonly TemplateMerge[] }, ctx: z.RefinementCtx): void {
  for (const problem of layoutProblems(value)) {
    ctx.addIssue({ code: 'custom', message: problem.key, path: problem.path });
  }
}

export const reportNameSchema = nameText()
  .min(1, 'validation.nameRequired')
  .refine((name) => [...name].length <= reportLimits.nameLength, 'validation.tooLong');

/** `POST /general/report/addTemplate` (issue 17 contract) → `{ id, nodeId }` */
export const addTemplateRequest = z.object({ directoryId: idSchema, name: reportNameSchema, ...layoutFields }).superRefine(checkLayout);
export type AddTemplateRequest = z.input<typeof addTemplateRequest>;
export type AddTemplateValues = z.output<typeof addTemplateRequest>;

/** `POST /general/report/updateTemplate`: the layout (the name changes through the cabin's rename). */
export const updateTemplateRequest = z.object({ id: idSchema, ...layoutFields }).superRefine(checkLayout);
export type UpdateTemplateRequest = z.input<typeof updateTemplateRequest>;
export type UpdateTemplateValues = z.output<typeof updateTemplateRequest>;

/** `GET /general/report/getTemplate?id=` */
export const templateIdQuery = z.object({ id: idSchema });

/** An instant: epoch ms, or an ISO date (`2026-11-01`, a local midnight of the company zone) or date-time. */
export const reportInstantSchema = z.union([
  numeric<number | string>(z.number().int('validation.report.instant').min(0, 'validation.report.instant').max(8_640_000_000_000_000, 'validation.report.instant')),
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'validation.report.instant'),
]);

/**
 * The period of a preview or export: `from` and `to` ([from, to)), or a calendar `period` (day,
 * week from Monday, month) of the company zone containing `at` (default: now).
 */
const periodFields = {
  templateId: idSchema,
  period: z.enum(reportPeriods).optional(),
  at: reportInstantSchema.optional(),
  from: reportInstantSchema.optional(),
  to: reportInstantSchema.optional(),
};
function checkPeriod(value: { period?: ReportPeriod; from?: unknown; to?: unknown }, ctx: z.RefinementCtx): void {
  const custom = value.period === 'custom' || value.period === undefined;
  if (custom && (value.from === undefined || value.to === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'validation.report.range', path: [value.from === undefined ? 'from' : 'to'] });
  }
}

/** `GET /general/report/preview?templateId=&period=day|week|month|custom&at=&from=&to=` */
export const previewQuery = z.object(periodFields).superRefine(checkPeriod);
export type PreviewQuery = z.input<typeof previewQuery>;

/** `GET /general/report/export?templateId=&from=&to=&format=xlsx|pdf` (issue 17 contract; `period`/`at` as in preview). */
export const exportQuery = z.object({ ...periodFields, format: z.enum(reportFormats).default('xlsx') }).superRefine(checkPeriod);
export type ExportQuery = z.input<typeof exportQuery>;

const emailSchema = z.string().trim().email('validation.email').max(254, 'validation.tooLong');

/** `POST /general/report/setSchedule`: daily/weekly/monthly delivery of the last closed period. */
export const setScheduleRequest = z.object({
  templateId: idSchema,
  frequency: z.enum(reportFrequencies),
  format: z.enum(reportFormats).default('xlsx'),
  emails: z.array(emailSchema).max(reportLimits.emails, 'validation.tooLong').default([]),
});
export type SetScheduleRequest = z.input<typeof setScheduleRequest>;

/** `GET /general/report/getDeliveries?pageNum=&pageSize=` */
export const deliveriesQuery = pageQuery;
/** `GET /general/report/downloadDelivery?id=` */
export const deliveryIdQuery = z.object({ id: idSchema });

export interface ReportSchedule {
  frequency: ReportFrequency;
  format: ReportFormat;
  emails: string[];
  nextRunAt: number | null;
  lastRunAt: number | null;
}

export interface ReportTemplate {
  id: number;
  nodeId: number;
  name: string;
  cells: TemplateCell[];
  merges: TemplateMerge[];
  columnWidths: number[];
  schedule: ReportSchedule;
  /** The caller's level on the node. */
  level: 'none' | 'read' | 'readWrite' | 'admin';
  updatedAt: number;
}

/** One computed cell: its value (a number stays a number), the text it shows, or an error (`#REF!`, `#DIV/0!`, …). */
export interface ComputedCell {
  ref: string;
  value: string | number | null;
  text: string;
  error?: string;
}

export interface ReportPreview {
  templateId: number;
  name: string;
  from: number;
  to: number;
  timeZone: string;
  cells: ComputedCell[];
  merges: TemplateMerge[];
  columnWidths: number[];
  /** Styles and formats of the template's cells, by ref. */
  layout: TemplateCell[];
  rows: number;
  columns: number;
}

export interface ReportDelivery {
  id: number;
  templateId: number;
  templateName: string;
  from: number;
  to: number;
  format: ReportFormat;
  fileName: string;
  size: number;
  createdAt: number;
}
