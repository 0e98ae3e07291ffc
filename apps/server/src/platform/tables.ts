import { loadExcel } from './lazyImport';

/**
 * Plain tables to and from CSV and XLSX, shared by the modules that import and export rows
 * (data-item records, SIM cards): Excel's CSV dialect (BOM, CRLF, RFC 4180 quoting, GB18030
 * fallback) and a one-sheet workbook with a bold header row.
 */

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return) gets a
 * leading apostrophe in CSV exports; imports take it off again.
 */
export const formulaStart = /^[=+\-@\t\r]/;

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
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  for (const row of rows) {
    // An empty value is a blank cell, not a text cell holding ''.
    sheet.addRow(row.map((value) => (value === '' ? null : value)));
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
