import { describe, expect, it } from 'vitest';
import type { TemplateCell } from '@smartdata/domain';
import { computeCells, formulaProblem, reportSheetModel, usedSize } from './reportSheet';

const cells: TemplateCell[] = [
  { ref: 'A1', text: '用电' },
  { ref: 'B1', bind: { itemId: 1, fieldName: 'kwh', aggregate: 'sum' }, format: '0.00' },
  { ref: 'B2', bind: { meterId: 3 } },
  { ref: 'C1', formula: 'B1+B2' },
  { ref: 'C2', formula: 'SUM(B1:B2)/COUNT(B1:B2)' },
  { ref: 'D1', formula: 'C1*E1' },
  { ref: 'E1', formula: 'D1' },
  { ref: 'D2', formula: 'IFERROR(D1,0)+1' },
  { ref: 'E2', formula: 'A1&"合计"' },
];

describe('report cells', () => {
  const computed = computeCells(cells, new Map([
    ['B1', 12.5],
    ['B2', 7.5],
  ]));
  const byRef = Object.fromEntries(computed.map((c) => [c.ref, c]));

  it('evaluates formulas over bound values, texts and other formulas', () => {
    expect(byRef.C1).toMatchObject({ value: 20 });
    expect(byRef.C2).toMatchObject({ value: 10 });
    expect(byRef.E2).toMatchObject({ value: '用电合计' });
    expect(byRef.B1).toMatchObject({ value: 12.5, text: '12.50' });
  });

  it('turns a cycle into #CYCLE! on the cells of the cycle, which IFERROR can catch', () => {
    expect(byRef.D1!.error).toBe('#CYCLE!');
    expect(byRef.E1!.error).toBe('#CYCLE!');
    expect(byRef.D2).toMatchObject({ value: 1 });
  });

  it('leaves a bound cell without data empty, and formulas over it see an empty cell', () => {
    const empty = Object.fromEntries(computeCells(cells, new Map([['B1', null]])).map((c) => [c.ref, c]));
    expect(empty.B1).toMatchObject({ value: null, text: '' });
    expect(empty.C1).toMatchObject({ value: 0 });
  });

  it('finds formulas that do not parse or name unknown functions', () => {
    expect(formulaProblem('SUM(A1:A2)')).toBeNull();
    expect(formulaProblem('=A1*2')).toBeNull();
    expect(formulaProblem('SUM(A1:A2')).not.toBeNull();
    expect(formulaProblem('NOSUCH(1)')).not.toBeNull();
  });

  it('builds the sheet of the exports: numbers stay numbers, formulas keep their text, a formula that errs keeps it with its error', () => {
    const sheet = reportSheetModel({ title: '报表', footer: 'f', cells, computed, merges: [{ from: 'A1', to: 'A2' }], columnWidths: [20] });
    expect(usedSize(cells, [], [20])).toEqual({ rows: 2, columns: 5 });
    expect(sheet.columns).toEqual([{ width: 20 }, { width: 12 }, { width: 12 }, { width: 12 }, { width: 12 }]);
    expect(sheet.rows[0]![1]).toEqual({ value: 12.5, format: '0.00' });
    expect(sheet.rows[0]![2]).toEqual({ value: 20, formula: 'B1+B2' });
    // The PDF shows the error's text; the XLSX keeps the formula with the error (platform/sheets.ts).
    expect(sheet.rows[0]![3]).toEqual({ value: '#CYCLE!', formula: 'C1*E1', error: '#CYCLE!' });
    expect(sheet.merges).toEqual([{ from: 'A1', to: 'A2' }]);
  });
});
