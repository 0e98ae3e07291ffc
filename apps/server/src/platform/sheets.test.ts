import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { cellText, columnLetter, formatNumber, parseRef, renderPdf, renderXlsx, type SheetModel } from './sheets';

const sheet: SheetModel = {
  title: '月度能耗报表',
  sheetName: '能耗',
  columns: [{ width: 14 }, { width: 12 }, { width: 12 }],
  rows: [
    [{ value: '一号车间用电汇总', bold: true, align: 'center', fill: '#FDE68A' }, null, null],
    [{ value: '日期', bold: true }, { value: '用电量', bold: true, color: '#C00000' }, { value: '费用', bold: true }],
    [{ value: '11月1日' }, { value: 1234.5, format: '#,##0.00' }, { value: 0.125, format: '0.0%' }],
    [{ value: '合计' }, { value: 2469, format: '0.00" kWh"', formula: '=B3*2' }, null],
  ],
  merges: [{ from: 'A1', to: 'C1' }],
  footer: '智慧数据 · 2026-11',
};

async function pdfText(buffer: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { text: parts.join('\n'), pages: doc.numPages };
}

describe('sheet helpers', () => {
  it('parses refs and names columns', () => {
    expect(parseRef('A1')).toEqual({ row: 0, col: 0 });
    expect(parseRef('$AB$12')).toEqual({ row: 11, col: 27 });
    expect(parseRef('A0')).toBeUndefined();
    expect(parseRef('1A')).toBeUndefined();
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(25)).toBe('Z');
    expect(columnLetter(26)).toBe('AA');
    expect(columnLetter(701)).toBe('ZZ');
  });

  it('formats numbers as Excel does', () => {
    expect(formatNumber(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatNumber(0.125, '0.0%')).toBe('12.5%');
    expect(formatNumber(2469, '0.00" kWh"')).toBe('2469.00 kWh');
    expect(formatNumber(3.5)).toBe('3.5');
    expect(cellText({ value: 7, format: '0.000' })).toBe('7.000');
    expect(cellText({ value: '文本', format: '0.00' })).toBe('文本');
    expect(cellText(null)).toBe('');
  });
});

describe('renderXlsx', () => {
  it('writes numbers as numeric cells with their formats, formulas with results, merges, widths and styles', async () => {
    const buffer = await renderXlsx(sheet);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = workbook.getWorksheet('能耗');
    expect(ws).toBeDefined();
    const b3 = ws!.getCell('B3');
    expect(b3.type).toBe(ExcelJS.ValueType.Number);
    expect(b3.value).toBe(1234.5);
    expect(b3.numFmt).toBe('#,##0.00');
    expect(ws!.getCell('C3').value).toBe(0.125);
    expect(ws!.getCell('C3').numFmt).toBe('0.0%');
    const b4 = ws!.getCell('B4');
    expect(b4.type).toBe(ExcelJS.ValueType.Formula);
    expect(b4.value).toEqual({ formula: 'B3*2', result: 2469 });
    expect(b4.numFmt).toBe('0.00" kWh"');
    expect(ws!.getCell('A2').value).toBe('日期');
    expect(ws!.getCell('A2').font?.bold).toBe(true);
    expect(ws!.getCell('B2').font?.color?.argb).toBe('FFC00000');
    expect(ws!.getCell('A1').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE68A' } });
    expect(ws!.getCell('A1').alignment?.horizontal).toBe('center');
    expect(ws!.getCell('C1').isMerged).toBe(true);
    expect(ws!.getCell('C1').master.address).toBe('A1');
    expect(ws!.getCell('A4').isMerged).toBe(false);
    expect(ws!.getColumn(1).width).toBe(14);
    expect(ws!.getColumn(2).width).toBe(12);
  });

  it('names the sheet after the title when no sheet name is given, within Excel limits', async () => {
    const buffer = await renderXlsx({ title: '报表/2026:11 月度 [汇总] 一个很长很长很长很长很长很长的标题', columns: [{ width: 8 }], rows: [[{ value: 1 }]] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const name = workbook.worksheets[0]!.name;
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name).not.toMatch(/[[\]:*?/\\]/);
    expect(name.startsWith('报表 2026 11')).toBe(true);
  });
});

describe('renderPdf', () => {
  it('renders the Chinese labels and the formatted values with an embedded subset font', async () => {
    const buffer = await renderPdf(sheet);
    expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
    // A subset: the font file is ~10 MB, a one-page sheet far less.
    expect(buffer.length).toBeLessThan(200_000);
    expect(buffer.toString('latin1')).toMatch(/\/FontFile2/);
    const { text, pages } = await pdfText(buffer);
    expect(pages).toBe(1);
    for (const label of ['月度能耗报表', '一号车间用电汇总', '日期', '用电量', '费用', '11月1日', '合计', '智慧数据']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('1,234.50');
    expect(text).toContain('12.5%');
    expect(text).toContain('2469.00 kWh');
    expect(text).toContain('1 / 1');
  });

  it('carries long tables over pages and turns wide ones to landscape', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [{ value: `第${i + 1}行` }, { value: i + 1, format: '0' }]);
    const { text, pages } = await pdfText(await renderPdf({ title: '长表', columns: [{ width: 10 }, { width: 10 }], rows }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('第1行');
    expect(text).toContain('第120行');
    expect(text).toContain(`${pages} / ${pages}`);

    const wide = await renderPdf({ title: 'wide', columns: Array.from({ length: 12 }, () => ({ width: 12 })), rows: [[{ value: 'x' }]] });
    const doc = await getDocument({ data: new Uint8Array(wide), isEvalSupported: false }).promise;
    const view = (await doc.getPage(1)).view;
    expect(view[2]!).toBeGreaterThan(view[3]!);
  });
});
