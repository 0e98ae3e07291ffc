import type { CellValue } from 'exceljs';
import { loadExcel } from '@server/platform/lazyImport';
import { guardCsvText, parseCsv as readCsv, toCsv as plainCsv, toXlsx, unguardCsvText } from '@server/platform/tables';
import { formulaValue, type UnreadableCell } from '@server/platform/xlsxFormula';

/**
 * CSV and XLSX of the card import and export: text cells only (an ICCID has more digits than a
 * spreadsheet number keeps, so the export writes it as text and the import reads text).
 */

/** CSV as Excel opens it; text a spreadsheet would run as a formula gets a leading apostrophe. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): Buffer {
  return plainCsv(rows.map((row) => row.map((cell) => (typeof cell === 'string' ? guardCsvText(cell) : cell))));
}

/** Reads CSV (platform/tables.ts), taking off the apostrophe the export put before formula text. */
export function parseCsv(bytes: Buffer): string[][] {
  return readCsv(bytes).map((cells) => cells.map(unguardCsvText));
}

export { toXlsx };

/** A file's rows as text, with the XLSX formula cells that hold no readable value (`row:column`, 0-based). */
export interface SimTable {
  rows: string[][];
  unreadable: Map<string, UnreadableCell>;
}

/** Where `unreadable` keeps a cell: its row and column in `rows`, from 0. */
export const cellKey = (row: number, column: number) => `${row}:${column}`;

function textOf(value: CellValue, ref: string, unreadable: (cell: UnreadableCell) => void): string {
  if (value === null || value === undefined) {
    return '';
  }
  const formula = formulaValue(value, ref);
  if (formula) {
    if ('unreadable' in formula) {
      unreadable(formula);
      return '';
    }
    return textOf(formula.result, ref, unreadable);
  }
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number') {
    // A long number lost digits in the spreadsheet already; written in full it fails the ICCID check.
    return Number.isSafeInteger(value) ? String(value) : value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  if (typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if ('richText' in value) {
    return value.richText.map((part) => part.text).join('');
  }
  if ('text' in value) {
    return String((value as { text: unknown }).text);
  }
  return '';
}

/** The first worksheet of an XLSX file as rows of text (row 1 first), and its unreadable formula cells. */
export async function parseXlsx(bytes: Buffer): Promise<SimTable> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const table: SimTable = { rows: [], unreadable: new Map() };
  if (!sheet) {
    return table;
  }
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c += 1) {
      const cell = row.getCell(c);
      cells.push(textOf(cell.value, cell.address, (found) => table.unreadable.set(cellKey(r - 1, c - 1), found)));
    }
    table.rows.push(cells);
  }
  return table;
}
