import { createRequire } from 'node:module';
import type { CellErrorValue } from 'exceljs';
import { loadExcel, loadPdfKit } from './lazyImport';

/**
 * One sheet of a report (a report template's computed table, a meter's monthly report) and its two
 * exports: XLSX with real typed cells (exceljs) and a PDF table rendered on the server (pdfkit) with
 * the product's CJK font embedded as a subset. See docs/reports.md ("Exports", "Font").
 *
 * - `value`: a number becomes a numeric cell (never text), shown with `format` (an Excel number
 *   format such as `0.00`, `#,##0`, `0.0%`, `0.00" kWh"`); a string is a text cell; null is empty.
 * - `formula` (with or without the leading `=`) is kept in the XLSX with `value` as its cached
 *   result, so Excel shows the value before recalculating; the PDF shows `value`.
 * - `color` / `fill`: `#RRGGBB` or `RRGGBB`. `columns[i].width` is in Excel character units.
 * - `title` is the document's title: the PDF's heading and metadata, the XLSX's workbook title and
 *   print header (it is not a cell: put a title row in `rows` if the sheet should show one).
 * - `footer`: the PDF's footer on every page (with the page number), the XLSX's print footer.
 */
export interface SheetCell {
  value: string | number | null;
  format?: string;
  bold?: boolean;
  color?: string;
  fill?: string;
  align?: 'left' | 'center' | 'right';
  formula?: string;
  /** The formula's result is this error (`#DIV/0!`): the XLSX keeps the formula with an error result; `value` is what the PDF shows. */
  error?: string;
}

/** The error values a spreadsheet knows; another (our `#CYCLE!`) is written as the formula alone, for Excel to work out. */
const spreadsheetErrors = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A']);
export interface SheetModel { title: string; sheetName?: string; columns: { width: number }[]; rows: (SheetCell | null)[][]; merges?: { from: string; to: string }[]; footer?: string }

const require = createRequire(import.meta.url);

/**
 * The CJK font of the product: Noto Sans SC (SIL OFL 1.1), static TTF regular and bold, from the npm
 * package `@expo-google-fonts/noto-sans-sc` (a dependency of apps/server, so `npm ci` brings it).
 * pdfkit (fontkit) embeds only the glyphs a document uses.
 */
export function cjkFonts(): { regular: string; bold: string } {
  try {
    return {
      regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
      bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
    };
  } catch (error) {
    throw new Error('The CJK font for PDF exports is missing: install the dependencies of apps/server (npm ci), which include @expo-google-fonts/noto-sans-sc', { cause: error });
  }
}

interface Ssf { format: (format: string, value: number) => string }
let ssf: Ssf | undefined;
/** SheetJS's number formatter (Apache-2.0), shipped inside fast-formula-parser (its TEXT function). */
function numberFormatter(): Ssf {
  ssf ??= require('fast-formula-parser/ssf/ssf.js') as Ssf;
  return ssf;
}

/** A number as Excel shows it with `format` (General when absent); the plain number if the format is unusable. */
export function formatNumber(value: number, format?: string): string {
  if (!Number.isFinite(value)) {return String(value);}
  try {
    return numberFormatter().format(format && format.trim() !== '' ? format : 'General', value);
  } catch {
    return String(value);
  }
}

/** The text a cell shows. */
export function cellText(cell: SheetCell | null | undefined): string {
  if (!cell || cell.value === null || cell.value === undefined) {return '';}
  return typeof cell.value === 'number' ? formatNumber(cell.value, cell.format) : cell.value;
}

/** 'A1' → { row: 0, col: 0 } (zero-based); undefined for anything else. */
export function parseRef(ref: string): { row: number; col: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!match) {return undefined;}
  let col = 0;
  for (const ch of match[1].toUpperCase()) {col = col * 26 + (ch.charCodeAt(0) - 64);}
  const row = Number(match[2]);
  if (row < 1) {return undefined;}
  return { row: row - 1, col: col - 1 };
}

/** A name fit for a downloaded file (reports, meter reports): characters file systems refuse, and blanks, become `_`. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\s]+/g, '_');
}

/** Zero-based column → 'A', 'B', …, 'AA'. */
export function columnLetter(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function hex(color: string | undefined): string | undefined {
  if (!color) {return undefined;}
  const raw = color.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(raw)) {return raw.toUpperCase();}
  if (/^[0-9a-fA-F]{8}$/.test(raw)) {return raw.slice(2).toUpperCase();}
  if (/^[0-9a-fA-F]{3}$/.test(raw)) {return raw.split('').map((c) => c + c).join('').toUpperCase();}
  return undefined;
}

/** Excel's sheet names: at most 31 characters, none of []:*?/\ . */
function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return cleaned === '' ? 'Sheet1' : cleaned;
}

interface Box { row: number; col: number; rows: number; cols: number }

/** Each merge as a zero-based box; covered (non-top-left) cells map to their box. */
function mergeBoxes(sheet: SheetModel): { boxes: Box[]; covered: Set<string>; topLeft: Map<string, Box> } {
  const boxes: Box[] = [];
  const covered = new Set<string>();
  const topLeft = new Map<string, Box>();
  for (const merge of sheet.merges ?? []) {
    const a = parseRef(merge.from);
    const b = parseRef(merge.to);
    if (!a || !b) {continue;}
    const box = { row: Math.min(a.row, b.row), col: Math.min(a.col, b.col), rows: Math.abs(a.row - b.row) + 1, cols: Math.abs(a.col - b.col) + 1 };
    if (box.rows === 1 && box.cols === 1) {continue;}
    boxes.push(box);
    topLeft.set(`${box.row}:${box.col}`, box);
    for (let r = box.row; r < box.row + box.rows; r++) {
      for (let c = box.col; c < box.col + box.cols; c++) {if (r !== box.row || c !== box.col) {covered.add(`${r}:${c}`);}}
    }
  }
  return { boxes, covered, topLeft };
}

/** The sheet as an XLSX workbook of one worksheet. */
export async function renderXlsx(sheet: SheetModel): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SmartData Console';
  workbook.title = sheet.title;
  workbook.created = new Date();
  const ws = workbook.addWorksheet(safeSheetName(sheet.sheetName ?? sheet.title));
  ws.columns = sheet.columns.map((column) => ({ width: column.width > 0 ? column.width : 10 }));
  ws.headerFooter.oddHeader = `&C${sheet.title.replace(/&/g, '&&')}`;
  if (sheet.footer) {ws.headerFooter.oddFooter = `&L${sheet.footer.replace(/&/g, '&&')}&R&P / &N`;}
  sheet.rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (!cell) {return;}
      const target = ws.getCell(r + 1, c + 1);
      const formula = cell.formula?.trim().replace(/^=/, '');
      if (formula && cell.error) {
        target.value = spreadsheetErrors.has(cell.error) ? { formula, result: { error: cell.error as CellErrorValue['error'] } } : { formula };
      } else if (formula) {
        target.value = cell.value === null || cell.value === '' ? { formula } : { formula, result: cell.value };
      } else if (cell.value !== null && cell.value !== '') {
        // An empty value stays a blank cell, not a text cell holding ''.
        target.value = cell.value;
      }
      if (cell.format && (typeof cell.value === 'number' || formula)) {target.numFmt = cell.format;}
      const color = hex(cell.color);
      if (cell.bold || color) {target.font = { ...(cell.bold ? { bold: true } : {}), ...(color ? { color: { argb: `FF${color}` } } : {}) };}
      const fill = hex(cell.fill);
      if (fill) {target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${fill}` } };}
      if (cell.align) {target.alignment = { horizontal: cell.align, vertical: 'middle' };}
    });
  });
  for (const box of mergeBoxes(sheet).boxes) {
    ws.mergeCells(box.row + 1, box.col + 1, box.row + box.rows, box.col + box.cols);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}

const PT_PER_CHAR = 6.2;
const PAGE = { portrait: { width: 595.28, height: 841.89 }, landscape: { width: 841.89, height: 595.28 } };
const MARGIN = 36;
const PAD = 3;

/**
 * The sheet as a PDF table (A4; landscape when the columns are wider than a portrait page, then
 * scaled down to fit): the title as a heading, cell borders, merges, fills, bold, colours,
 * alignment (numbers right-aligned unless told), wrapped text, rows carried over pages, and the
 * footer with page numbers. Chinese renders through the embedded subset of Noto Sans SC.
 */
export async function renderPdf(sheet: SheetModel): Promise<Buffer> {
  const fonts = cjkFonts();
  const PDFDocument = await loadPdfKit();
  const columnCount = Math.max(sheet.columns.length, ...sheet.rows.map((row) => row.length), 1);
  const natural = Array.from({ length: columnCount }, (_, c) => Math.max(sheet.columns[c]?.width ?? 10, 1) * PT_PER_CHAR);
  const naturalWidth = natural.reduce((a, b) => a + b, 0);
  const layout = naturalWidth > PAGE.portrait.width - 2 * MARGIN ? 'landscape' : 'portrait';
  const usable = PAGE[layout].width - 2 * MARGIN;
  const scale = Math.min(1, usable / naturalWidth);
  const widths = natural.map((w) => w * scale);
  const fontSize = Math.max(6, 10 * Math.max(scale, 0.7));
  const xs = widths.reduce<number[]>((acc, w, i) => [...acc, acc[i] + w], [MARGIN]);

  const pdf = new PDFDocument({ size: 'A4', layout, margin: MARGIN, bufferPages: true, info: { Title: sheet.title, Creator: 'SmartData Console' } });
  pdf.registerFont('cjk', fonts.regular);
  pdf.registerFont('cjk-bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const { covered, topLeft } = mergeBoxes(sheet);
  const spanWidth = (col: number, cols: number) => widths.slice(col, col + cols).reduce((a, b) => a + b, 0);
  const textHeight = (cell: SheetCell, width: number) => {
    pdf.font(cell.bold ? 'cjk-bold' : 'cjk').fontSize(fontSize);
    return pdf.heightOfString(cellText(cell) || ' ', { width: Math.max(width - 2 * PAD, 4) });
  };
  const minRow = fontSize * 1.4 + 2 * PAD;
  const heights = sheet.rows.map((row, r) => {
    let h = minRow;
    row.forEach((cell, c) => {
      if (!cell || covered.has(`${r}:${c}`)) {return;}
      const box = topLeft.get(`${r}:${c}`);
      if (box && box.rows > 1) {return;}
      h = Math.max(h, textHeight(cell, spanWidth(c, box?.cols ?? 1)) + 2 * PAD);
    });
    return h;
  });

  const bottom = () => PAGE[layout].height - MARGIN - 18;
  pdf.font('cjk-bold').fontSize(15).fillColor('#000000').text(sheet.title, MARGIN, MARGIN, { width: usable });
  let y = pdf.y + 8;
  const rowTop: number[] = [];
  const rowPage: number[] = [];
  let page = 0;
  for (let r = 0; r < sheet.rows.length; r++) {
    if (y + heights[r] > bottom() && y > MARGIN + 1) {
      pdf.addPage();
      page += 1;
      y = MARGIN;
    }
    rowTop[r] = y;
    rowPage[r] = page;
    y += heights[r];
  }

  const drawCell = (cell: SheetCell | null, x: number, top: number, width: number, height: number) => {
    const fill = hex(cell?.fill);
    if (fill) {pdf.rect(x, top, width, height).fillColor(`#${fill}`).fill();}
    pdf.lineWidth(0.5).strokeColor('#9CA3AF').rect(x, top, width, height).stroke();
    if (!cell) {return;}
    const text = cellText(cell);
    if (text === '') {return;}
    pdf.font(cell.bold ? 'cjk-bold' : 'cjk').fontSize(fontSize).fillColor(`#${hex(cell.color) ?? '000000'}`);
    const align = cell.align ?? (typeof cell.value === 'number' ? 'right' : 'left');
    const inner = Math.max(width - 2 * PAD, 4);
    const h = pdf.heightOfString(text, { width: inner });
    const ty = top + Math.max(PAD, (height - h) / 2);
    pdf.text(text, x + PAD, ty, { width: inner, align, height: Math.max(height - PAD, fontSize), ellipsis: false, lineBreak: true });
  };

  const pages = pdf.bufferedPageRange();
  for (let p = 0; p < pages.count; p++) {
    pdf.switchToPage(pages.start + p);
    for (let r = 0; r < sheet.rows.length; r++) {
      if (rowPage[r] !== p) {continue;}
      for (let c = 0; c < columnCount; c++) {
        if (covered.has(`${r}:${c}`)) {continue;}
        const box = topLeft.get(`${r}:${c}`);
        const cols = box?.cols ?? 1;
        let height = heights[r];
        if (box && box.rows > 1) {
          height = 0;
          for (let k = r; k < r + box.rows && k < sheet.rows.length && rowPage[k] === p; k++) {height += heights[k];}
        }
        drawCell(sheet.rows[r]?.[c] ?? null, xs[c], rowTop[r], spanWidth(c, cols), height);
      }
    }
    const footerY = PAGE[layout].height - MARGIN - 10;
    pdf.page.margins.bottom = 0; // the footer sits in the bottom margin: no automatic new page
    pdf.font('cjk').fontSize(8).fillColor('#6B7280');
    if (sheet.footer) {pdf.text(sheet.footer, MARGIN, footerY, { width: usable * 0.75, lineBreak: false });}
    pdf.text(`${p + 1} / ${pages.count}`, MARGIN, footerY, { width: usable, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}
