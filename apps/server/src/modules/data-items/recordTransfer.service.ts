import type { z } from 'zod';
import {
  dataItemLimits,
  fileExtension,
  FieldType,
  formatFieldValue,
  formatInstant,
  numericFieldTypes,
  type DataField,
  type exportRecordsQuery,
  type ImportReport,
  type ImportRowError,
  type Locale,
  type RecordValues,
} from '@smartdata/domain';
import { translate } from '@server/platform/i18n';
import { validationError } from '@server/platform/errors';
import { unreadableCellText } from '@server/platform/xlsxFormula';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DataItemsService } from './dataItems.service';
import type { RecordsService } from './records.service';
import { guardCsvText, parseCsv, parseXlsx, toCsv, toXlsx, unguardCsvText, type FileCell } from './recordFiles';

type ExportQuery = z.infer<typeof exportRecordsQuery>;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** Headers of the record columns that exports write and imports skip (both languages). */
const idHeaders = new Set(['id']);
const skippedHeaders = new Set(['id', 'createdat', 'updatedat', 'parentrecordid', '创建时间', '更新时间', 'created at', 'updated at']);

const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const reportLinesMax = 20;

/** `yyyyMMddHHmmss` on the company's wall clock (the records' own times are shown in it too; issue 31.9). */
function stamp(instant: number, timeZone: string): string {
  return formatInstant(instant, 'datetime', timeZone).replace(/[-: ]/g, '');
}

/**
 * CSV and XLSX export and import of an item's records (docs/cabin.md). Export needs read, import
 * read-write; an import writes every row or none, and reports the problems of every row.
 */
export class RecordTransferService {
  constructor(
    private readonly dataItems: DataItemsService,
    private readonly records: RecordsService,
  ) {}

  /** The records the list shows (same filters and sort), at most dataItemLimits.exportRowsMax. */
  async export(caller: CabinCaller, query: ExportQuery, locale: Locale): Promise<ExportFile> {
    const { row, fields } = await this.dataItems.requireItem(caller, query.itemId, 'read');
    const plan = await this.records.listPlan(caller.companyId, fields, query, { limit: dataItemLimits.exportRowsMax + 1, offset: 0 });
    const rows = await this.records.listRecords(caller.companyId, row.id, plan);
    if (rows.length > dataItemLimits.exportRowsMax) {
      throw validationError(`dataItem.exportTooLarge|${dataItemLimits.exportRowsMax}`);
    }
    const timeZone = await this.dataItems.timeZone(caller.companyId);
    const csv = query.format === 'csv';
    const header = ['ID', ...fields.map((f) => f.name), translate('dataItem.createdAtHeader', locale)];
    const body = rows.map(({ id, values, createdAt }) => {
      return [
        id,
        ...fields.map((field) => {
          const value = values[field.fieldName];
          if (typeof value === 'number' && numericFieldTypes.includes(field.type)) {
            return value;
          }
          const text = formatFieldValue(field, value, timeZone);
          return csv && (field.type === FieldType.text || field.type === FieldType.longText) ? guardCsvText(text) : text;
        }),
        formatFieldValue({ type: FieldType.dateTime, dateDisplay: 'datetime' }, createdAt, timeZone),
      ];
    });
    const table = [header, ...body];
    const fileName = `${row.name}-${stamp(Date.now(), timeZone)}.${query.format}`;
    return {
      fileName,
      contentType: contentTypes[query.format],
      body: csv ? toCsv(table) : await toXlsx(row.name, table),
    };
  }

  /**
   * Reads a CSV or XLSX file whose first row names the columns (a field's name or key; ID and the
   * time columns of an export are skipped), checks every row like any new record, and writes all
   * rows in one transaction — or, when any row has a problem, nothing: a dry run answers the
   * report, a real run refuses with 50001 and the first problems as text.
   */
  async import(caller: CabinCaller, request: { itemId: number; fileName: string; content: string; dryRun: boolean }, locale: Locale): Promise<ImportReport> {
    const { row, fields } = await this.dataItems.requireItem(caller, request.itemId, 'readWrite');
    const extension = fileExtension(request.fileName);
    if (extension !== '.csv' && extension !== '.xlsx') {
      throw validationError('dataItem.importFormat');
    }
    const bytes = Buffer.from(request.content, 'base64');
    let table: FileCell[][];
    try {
      table = extension === '.csv' ? parseCsv(bytes) : await parseXlsx(bytes);
    } catch {
      throw validationError('dataItem.importUnreadable');
    }
    const isEmptyRow = (cells: FileCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
    const headerRow = table[0];
    if (!headerRow || isEmptyRow(headerRow)) {
      throw validationError('dataItem.importEmpty');
    }
    const dataRows = table.slice(1).map((cells, index) => ({ cells, line: index + 2 })).filter((r) => !isEmptyRow(r.cells));
    if (dataRows.length > dataItemLimits.importRowsMax) {
      throw validationError(`dataItem.importTooMany|${dataItemLimits.importRowsMax}`);
    }

    const errors: ImportRowError[] = [];
    const columns = new Map<number, DataField>();
    headerRow.forEach((cell, index) => {
      const text = cell === null ? '' : typeof cell === 'object' ? ('wallClock' in cell ? cell.wallClock : cell.text) : String(cell).trim();
      if (text === '' || skippedHeaders.has(text.toLowerCase()) || idHeaders.has(text.toLowerCase())) {
        return;
      }
      const field = fields.find((f) => f.name === text) ?? fields.find((f) => f.fieldName.toLowerCase() === text.toLowerCase());
      if (!field) {
        errors.push({ row: 1, column: text, message: translate('dataItem.importUnknownColumn', locale) });
      } else if ([...columns.values()].includes(field)) {
        errors.push({ row: 1, column: text, message: translate('dataItem.importDuplicateColumn', locale) });
      } else {
        columns.set(index, field);
      }
    });
    for (const field of fields) {
      if (field.required && ![...columns.values()].includes(field)) {
        errors.push({ row: 1, column: field.name, message: translate('dataItem.importMissingColumn', locale) });
      }
    }

    const timeZone = await this.dataItems.timeZone(caller.companyId);
    const checkedRows: RecordValues[] = [];
    if (errors.length === 0) {
      for (const { cells, line } of dataRows) {
        const values: RecordValues = {};
        const unreadable: ImportRowError[] = [];
        for (const [index, field] of columns) {
          const cell = cells[index] ?? null;
          if (cell !== null && typeof cell === 'object' && 'unreadable' in cell) {
            unreadable.push({ row: line, column: field.name, message: translate(unreadableCellText(cell), locale) });
            continue;
          }
          values[field.fieldName] = rawValue(cell, extension === '.csv', field);
        }
        if (unreadable.length > 0) {
          errors.push(...unreadable);
          continue;
        }
        const checked = await this.records.checkValues(caller, fields, values, timeZone);
        for (const problem of checked.problems) {
          const field = fields.find((f) => f.fieldName === problem.field);
          errors.push({ row: line, column: field?.name ?? problem.field, message: translate(problem.key, locale) });
        }
        checkedRows.push(checked.values);
      }
    }

    const report: ImportReport = { rows: dataRows.length, imported: 0, errors };
    if (request.dryRun) {
      return report;
    }
    if (errors.length > 0) {
      const lines = errors.slice(0, reportLinesMax).map((e) => translate(`dataItem.importRowError|${e.row}|${e.message}`, locale));
      const more = errors.length > reportLinesMax ? [translate(`dataItem.importMoreErrors|${errors.length - reportLinesMax}`, locale)] : [];
      throw validationError([translate(`dataItem.importRefused|${errors.length}`, locale), ...lines, ...more].join('\n'));
    }
    report.imported = await this.records.ingestChecked(caller.companyId, row.id, checkedRows, { source: 'import', userId: caller.userId });
    return report;
  }
}

/** A file cell as the value a person would have typed. */
function rawValue(cell: FileCell, csv: boolean, field: DataField): unknown {
  if (cell === null) {
    return null;
  }
  if (typeof cell === 'object') {
    return 'wallClock' in cell ? cell.wallClock : null;
  }
  if (typeof cell === 'boolean') {
    return String(cell);
  }
  if (typeof cell === 'string') {
    const text = csv && (field.type === FieldType.text || field.type === FieldType.longText) ? unguardCsvText(cell) : cell;
    return text.trim() === '' ? null : text;
  }
  return cell;
}
