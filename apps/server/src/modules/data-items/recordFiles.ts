import type { CellValue } from 'exceljs';
import { loadExcel } from '@server/platform/lazyImport';
import { formulaValue, type UnreadableCell } from '@server/platform/xlsxFormula';

export { guardCsvText, parseCsv, toCsv, toXlsx, unguardCsvText } from '@server/platform/tables';

/**
 * A cell as read from a file: text, number, boolean, a wall-clock date (XLSX), or empty — or an XLSX
 * formula whose value cannot be read (platform/xlsxFormula.ts UnreadableCell, with the cell's address):
 * a row error, never an empty value.
 */
export type FileCell = string | number | boolean | { wallClock: string } | UnreadableCell | null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function cellOf(value: CellValue, ref: string): FileCell {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) {
    // Excel dates carry no time zone: exceljs reads the wall clock as UTC.
    return {
      wallClock: `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`,
    };
  }
  if ('richText' in value) {
    return value.richText.map((part) => part.text).join('');
  }
  const formula = formulaValue(value, ref);
  if (formula) {
    return 'unreadable' in formula ? formula : cellOf(formula.result, ref);
  }
  if ('text' in value) {
    return String((value as { text: unknown }).text);
  }
  if ('error' in value) {
    return null;
  }
  return null;
}

/** The first worksheet of an XLSX file, as rows of cells (row 1 first). */
export async function parseXlsx(bytes: Buffer): Promise<FileCell[][]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    return [];
  }
  const rows: FileCell[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: FileCell[] = [];
    for (let c = 1; c <= width; c += 1) {
      const cell = row.getCell(c);
      cells.push(cellOf(cell.value, cell.address));
    }
    rows.push(cells);
  }
  return rows;
}
