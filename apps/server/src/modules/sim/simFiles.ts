import ExcelJS from 'exceljs';

/**
 * CSV and XLSX of the card import and export: text cells only (an ICCID has more digits than a
 * spreadsheet number keeps, so the export writes it as text and the import reads text).
 */

/** Text that a spreadsheet would run as a formula gets a leading apostrophe in CSV. */
const formulaStart = /^[=+\-@\t\r]/;

function csvField(value: string | number | null): string {
  if (value === null) {
    return '';
  }
  const text = typeof value === 'string' && formulaStart.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV as Excel opens it: UTF-8 with a byte-order mark, CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): Buffer {
  const text = rows.map((row) => row.map(csvField).join(',')).join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/** Reads CSV (RFC 4180 quoting); UTF-8 with or without BOM, else GB18030 as a Chinese Excel saves it. */
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
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
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
  return rows.map((cells) => cells.map((cell) => (cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell)));
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

function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) {
    return '';
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
  if ('result' in value) {
    return textOf((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('text' in value) {
    return String((value as { text: unknown }).text);
  }
  return '';
}

/** The first worksheet of an XLSX file as rows of text (row 1 first). */
export async function parseXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    return [];
  }
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c += 1) {
      cells.push(textOf(row.getCell(c).value));
    }
    rows.push(cells);
  }
  return rows;
}
