import ExcelJS from 'exceljs';

/** A cell as read from a file: text, number, boolean, a wall-clock date (XLSX), or empty. */
export type FileCell = string | number | boolean | { wallClock: string } | null;

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return) gets a
 * leading apostrophe in CSV exports; imports take it off again.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function guardCsvText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export function unguardCsvText(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

function csvField(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV as Excel opens it: UTF-8 with a byte-order mark, CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): Buffer {
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/**
 * Reads CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes). UTF-8 with or
 * without BOM; a file that is not UTF-8 is read as GB18030, as a Chinese Excel saves CSV.
 */
export function parseCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
  }
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i += 1;
      }
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export async function toXlsx(sheetName: string, rows: readonly (readonly (string | number | null)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  for (const row of rows) {
    sheet.addRow([...row]);
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function cellOf(value: ExcelJS.CellValue): FileCell {
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
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? null : cellOf(result);
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
      cells.push(cellOf(row.getCell(c).value));
    }
    rows.push(cells);
  }
  return rows;
}
